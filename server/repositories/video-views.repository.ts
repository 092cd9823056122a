import { sql } from 'kysely';
import type { Executor } from './executor';

/** Views of videos (migration 0042): one mark per viewer, video and day, and each video's daily totals. */
export function videoViewsRepository(db: Executor) {
  return {
    /** Marks a viewer's view of the day; true when it is their first that day (it will count). */
    async mark(videoId: string, day: string, viewer: string): Promise<boolean> {
      const inserted = await db
        .insertInto('video_view_marks')
        .values({ video_id: videoId, day, viewer })
        .onConflict((oc) => oc.doNothing())
        .returning('video_id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    /**
     * Adds every mark not counted yet to its video's total of its day, in one statement: the marks it
     * flags are the marks it adds, so two instances running it at once never add one twice (a mark
     * another run took is locked and then no longer "not counted"). The views added.
     */
    async tally(): Promise<number> {
      const { rows } = await sql<{ views: number }>`
        with taken as (
          update video_view_marks set counted = true where not counted
          returning video_id, day
        ),
        added as (
          insert into video_daily_stats (video_id, day, views)
          select video_id, day, count(*)::int from taken group by video_id, day
          on conflict (video_id, day) do update set views = video_daily_stats.views + excluded.views
        )
        select count(*)::int as views from taken`.execute(db);
      return rows[0]?.views ?? 0;
    },

    /** Deletes the marks of days before `day` that are counted (the totals keep them). */
    async forgetBefore(day: string): Promise<number> {
      const deleted = await db
        .deleteFrom('video_view_marks')
        .where('day', '<', day)
        .where('counted', '=', true)
        .executeTakeFirst();
      return Number(deleted.numDeletedRows);
    },

    /** A video's counted views per day, oldest first. */
    daily(videoId: string) {
      return db
        .selectFrom('video_daily_stats')
        .select(['day', 'views'])
        .where('video_id', '=', videoId)
        .orderBy('day')
        .execute();
    },
  };
}
