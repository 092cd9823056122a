import { type Kysely, sql } from 'kysely';

/**
 * Why a video was declined, as a reason of a list the creator reads in their own language (issue 35):
 * `reason_code` of a decline (common/video-status.ts DECLINE_REASONS), beside the words staff typed. A
 * decline recorded before had words only: it reads as `other`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table video_status_changes add column reason_code text`.execute(db);
  await sql`update video_status_changes set reason_code = 'other' where to_status = 'declined'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table video_status_changes drop column reason_code`.execute(db);
}
