/**
 * The journeys' databases. Where PostgreSQL is at hand (TEST_DATABASE_URL), a journey's app runs on a
 * database of its own, copied from a seeded template database (`CREATE DATABASE … TEMPLATE`), beside a
 * copy of that template's data directory (the demo videos' files). The embedded engine runs inside the
 * app's process, in WebAssembly: it took a third to nearly half of the apps' CPU in a run and blocked
 * their event loop meanwhile, which PostgreSQL, in its own processes, does not. A few journeys prove the
 * embedded default (the README's first command) and ask for it (`startApp({ database: 'embedded' })`).
 */
import crypto from 'node:crypto';
import { adminQuery } from '../support/postgres-admin';
import { withDatabase } from '../support/template';

/** Set for a run that has a PostgreSQL template: JSON of {@link PostgresTemplate}. */
export const POSTGRES_TEMPLATE_ENV = 'E2E_POSTGRES_TEMPLATE';

export interface PostgresTemplate {
  /** The server's URL (TEST_DATABASE_URL): databases are created and dropped through it. */
  serverUrl: string;
  /** The seeded template database. */
  name: string;
  /** The data directory seeded with it (its files belong to that database's videos). */
  dataDir: string;
}

export function postgresTemplate(): PostgresTemplate | null {
  const value = process.env[POSTGRES_TEMPLATE_ENV];
  return value ? (JSON.parse(value) as PostgresTemplate) : null;
}

/** A new, empty database for a template; its name. */
export async function createTemplateDatabase(serverUrl: string): Promise<string> {
  const name = `clipmarket_e2e_${crypto.randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  return name;
}

/** Every copy of a template starts with its name: the run's end drops what a failed journey left. */
const copyPrefix = (template: string) => `${template}_app_`;

/** A database of the app's own, copied from the template; its URL. */
export async function copyTemplateDatabase(template: PostgresTemplate): Promise<string> {
  const name = `${copyPrefix(template.name)}${crypto.randomBytes(4).toString('hex')}`;
  await adminQuery(template.serverUrl, `CREATE DATABASE ${name} TEMPLATE ${template.name}`);
  return withDatabase(template.serverUrl, name);
}

/** Drops the template and every copy of it still there. */
export async function dropTemplateAndCopies(serverUrl: string, template: string): Promise<void> {
  const copies = await adminQuery<{ datname: string }>(
    serverUrl,
    'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
    [copyPrefix(template)],
  );
  for (const { datname } of [...copies, { datname: template }])
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
}
