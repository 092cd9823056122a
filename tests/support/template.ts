import crypto from 'node:crypto';
import { openDatabase } from '../../server/db/connection';
import { migrateToLatest } from '../../server/db/migrate';
import { createQueue } from '../../server/jobs/queue';
import { adminQuery } from './postgres-admin';

/**
 * The PostgreSQL database every test database of one run is copied from. Each run names its own, so two
 * runs on the same server (two developers, a helper and CI) never rebuild each other's template.
 */
export function templateDatabaseName(): string {
  return `clipmarket_test_template_${crypto.randomBytes(4).toString('hex')}`;
}

/** Replaces the database name in a connection URL. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Migrates a database and installs the job queue's schema, so test databases start ready. */
async function prepare(database: Awaited<ReturnType<typeof openDatabase>>) {
  await migrateToLatest(database.db);
  const queue = createQueue(database);
  await queue.start();
  await queue.stop({ graceful: false, close: false });
}

/** An embedded database, migrated, dumped to a tarball that each test file loads into memory. */
export async function buildEmbeddedTemplate(): Promise<Blob> {
  const database = await openDatabase({ kind: 'embedded-memory' });
  try {
    await prepare(database);
    if (!database.pglite) throw new Error('expected an embedded database');
    return await database.pglite.dumpDataDir('none');
  } finally {
    await database.close();
  }
}

/** A migrated template database on PostgreSQL; test files copy it with CREATE DATABASE ... TEMPLATE. */
export async function buildPostgresTemplate(url: string, name: string): Promise<void> {
  await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await adminQuery(url, `CREATE DATABASE ${name}`);
  const database = await openDatabase({
    kind: 'postgres',
    url: withDatabase(url, name),
    poolSize: 2,
  });
  try {
    await prepare(database);
  } finally {
    await database.close();
  }
}

/** Drops a run's template database at the end of the run. */
export async function dropPostgresTemplate(url: string, name: string): Promise<void> {
  await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
