import { type Kysely, sql } from 'kysely';

/**
 * Failed password sign-ins per account, shared by every app instance (plugins/auth-sign-in-limit.ts): one
 * row per e-mail address, known or not, keyed by the SHA-256 of the address as typed, trimmed and
 * lower-cased (a fixed-size key, and no address a stranger typed is kept), counting the failures of the
 * current window. The database's clock decides the windows, as for `rate_limit_hits`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sign_in_failures')
    .addColumn('email_hash', 'text', (col) => col.primaryKey())
    .addColumn('failures', 'integer', (col) => col.notNull())
    .addColumn('window_ends_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('sign_in_failures_window_ends_idx')
    .on('sign_in_failures')
    .column('window_ends_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sign_in_failures').execute();
}
