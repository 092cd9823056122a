import { type Kysely, sql } from 'kysely';

/**
 * Before publishing to YouTube existed nothing moved a video on from `approved`, so every approved video
 * showed "Processing" for good. Approving now makes a video `ready` at once when publishing is off, and
 * the publishing job moves it when it is on. The videos left waiting become `ready`, each with a history
 * row by nobody (the system), so the history still says how they got there. Both statuses are publicly
 * listed, so the keyword summary does not change.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    with moved as (
      update videos set status = 'ready' where status = 'approved' returning id
    )
    insert into video_status_changes (video_id, changed_by, from_status, to_status, reason, changed_at)
    select id, null, 'approved', 'ready', null, clock_timestamp() from moved
  `.execute(db);
}

/** Nothing to undo: which ready videos were approved before is in their history, not worth reverting. */
export async function down(): Promise<void> {}
