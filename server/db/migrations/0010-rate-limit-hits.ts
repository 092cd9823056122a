import { type Kysely, sql } from 'kysely';

/**
 * Rate-limit counters shared by every app instance on one PostgreSQL database (the embedded database
 * has one process and keeps them in memory): one row per limited route and client, counting the hits
 * of the current window.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limit_hits')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('hits', 'integer', (col) => col.notNull())
    .addColumn('window_ends_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('rate_limit_hits_window_ends_idx')
    .on('rate_limit_hits')
    .column('window_ends_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limit_hits').execute();
}
