import { type Kysely, sql } from 'kysely';

/**
 * Frame hashes carry the version of the hash that made them (frame-hash.ts, HASH_VERSION): hashes of
 * another version are not comparable, so the fingerprints backfill command hashes those videos again.
 * The fingerprints stored before this migration are version 1.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table video_fingerprints add column hash_version smallint not null default 1`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table video_fingerprints drop column hash_version`.execute(db);
}
