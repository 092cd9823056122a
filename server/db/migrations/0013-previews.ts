import { type Kysely, sql } from 'kysely';

/**
 * Preview renditions (issue 17): everyone but the owner and staff plays a smaller, watermarked preview,
 * never the original. A video's preview is `pending` (to be made), `ready` (at `preview_key` in storage)
 * or `failed` (`preview_error` says why); null while the video has no processed file. Every video whose
 * file was processed before this migration becomes `pending`: the server queues the pending ones when it
 * starts (and `npm run previews:backfill` makes them in one go).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('videos')
    .addColumn('preview_status', 'text', (col) =>
      col.check(sql`preview_status in ('pending', 'ready', 'failed')`),
    )
    .addColumn('preview_key', 'text')
    .addColumn('preview_error', 'text')
    .execute();
  await sql`
    update videos set preview_status = 'pending'
    where path is not null and status <> 'not_uploaded'
  `.execute(db);
  // The start-up queueing and the backfill look for these.
  await sql`create index videos_preview_pending on videos (id) where preview_status = 'pending'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists videos_preview_pending`.execute(db);
  await db.schema
    .alterTable('videos')
    .dropColumn('preview_status')
    .dropColumn('preview_key')
    .dropColumn('preview_error')
    .execute();
}
