import { type Kysely, sql } from 'kysely';

/**
 * Publishing to YouTube (issue 21). Before it existed nothing moved a video on from `approved`, so every approved video
 * showed "Processing" for good. Approving now makes a video `ready` at once when publishing is off, and
 * the publishing job moves it when it is on. The videos left waiting become `ready`, each with a history
 * row by nobody (the system), so the history still says how they got there. Both statuses are publicly
 * listed, so the keyword summary does not change.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // When the video was published to the platform's own channel: `youtube_id` alone may also be the
  // owner's link to a video of theirs, which the removal check must leave alone.
  await db.schema.alterTable('videos').addColumn('youtube_published_at', 'timestamptz').execute();
  await sql`
    create index videos_youtube_published_idx on videos (youtube_published_at)
    where youtube_published_at is not null
  `.execute(db);
  // A change made by the system (publishing, the removal check, this migration), not by a person: a null
  // changed_by alone could also be a person whose account is gone.
  await db.schema
    .alterTable('video_status_changes')
    .addColumn('automatic', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
  await sql`
    with moved as (
      update videos set status = 'ready' where status = 'approved' returning id
    )
    insert into video_status_changes (video_id, changed_by, automatic, from_status, to_status, reason, changed_at)
    select id, null, true, 'approved', 'ready', null, clock_timestamp() from moved
  `.execute(db);
}

/** Drops the column; the moved videos stay ready (their history says how they got there). */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('videos').dropColumn('youtube_published_at').execute();
  await db.schema.alterTable('video_status_changes').dropColumn('automatic').execute();
}
