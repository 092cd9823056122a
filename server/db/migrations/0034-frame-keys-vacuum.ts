import { type Kysely, sql } from 'kysely';

/**
 * The copy check's lookup (services/videos/copy-finder.ts) reads `video_frame_keys` from its index alone
 * only where the table's pages are marked all-visible, which vacuum does: at 100,000 videos a lookup took
 * 270 ms right after loading and 33 ms once vacuumed (bench/README.md). The table only grows by inserts,
 * so autovacuum visits it after 1% of new rows instead of its default 20%.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table video_frame_keys set (autovacuum_vacuum_insert_scale_factor = 0.01)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table video_frame_keys reset (autovacuum_vacuum_insert_scale_factor)`.execute(db);
}
