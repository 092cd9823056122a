import type { Kysely } from 'kysely';

/**
 * What the original file says of its filming (common/contracts/capture-metadata.ts), read by the
 * processing job from the file's tags; null until a file has been processed with it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('videos').addColumn('capture_metadata', 'jsonb').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('videos').dropColumn('capture_metadata').execute();
}
