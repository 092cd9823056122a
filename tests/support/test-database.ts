import crypto from 'node:crypto';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../../server/db/connection';
import { takeEmbeddedDatabase } from './embedded-pool';
import { adminQuery } from './postgres-admin';
import { withDatabase } from './template';

/**
 * Which engine this test project runs on (see vitest.config.ts). Read at each call, not once: a worker
 * keeps its modules from one test file to the next, and must never answer for another project.
 */
export function testDatabaseKind(): 'postgres' | 'embedded' {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'embedded';
}

/**
 * A fresh, migrated database of this file's own: an in-memory PGlite as the template made it (reused
 * across files, emptied in between: see embedded-pool.ts), or a PostgreSQL database copied from the
 * template database and dropped on close.
 */
export async function createTestDatabase(): Promise<Database> {
  if (testDatabaseKind() === 'embedded') return takeEmbeddedDatabase(inject('embeddedTemplatePath'));
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is required for the postgres test project');
  const name = `clipmarket_test_${crypto.randomBytes(6).toString('hex')}`;
  await adminQuery(url, `CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplateName')}`);
  const database = await openDatabase({ kind: 'postgres', url: withDatabase(url, name), poolSize: 5 });
  return {
    ...database,
    async close() {
      await database.close();
      await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
