import { type Kysely, sql } from 'kysely';

/**
 * Listings newest first (SPEC 7 collection paging, keyset on created_at, id). The index of 0001 starts
 * with the status, so a list of several statuses (the public ones) or of all of them had to read and
 * sort every matching row for each page; these let the database walk the rows in list order and stop
 * after one page, for the whole site and for one user (bench/video-list.ts measures both).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index videos_created_id_idx on videos (created_at, id)`.execute(db);
  await sql`create index videos_user_created_id_idx on videos (user_id, created_at, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index videos_user_created_id_idx`.execute(db);
  await sql`drop index videos_created_id_idx`.execute(db);
}
