import type { Kysely } from 'kysely';

/**
 * Locks of resumable uploads shared by every app instance: a row per upload being written, held by one
 * request on one instance for a short lease it keeps renewing, so a crashed holder's lock frees itself.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('upload_locks')
    .addColumn('upload_id', 'text', (column) => column.primaryKey())
    .addColumn('holder', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('upload_locks').execute();
}
