import { type Kysely, sql } from 'kysely';

/**
 * better-auth's own rate-limit counters (sign-in, sign-up, password reset), in the database so that
 * every app instance counts against one budget. better-auth reads and writes this table itself
 * (`rateLimit.storage: 'database'`); `last_request` is milliseconds since the epoch, as it keeps it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('auth_rate_limits')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('key', 'text', (col) => col.notNull().unique())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addColumn('last_request', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('auth_rate_limits_last_request_idx')
    .on('auth_rate_limits')
    .column('last_request')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('auth_rate_limits').execute();
}
