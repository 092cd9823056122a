import { sql } from 'kysely';
import type { Executor } from './executor';

/** What a mark counts: a preview played 3 seconds, or the video's page opened. */
export type MarkKind = 'view' | 'open';

/** Who owns a video and who may see it. */
export interface VideoVisibility {
  id: string;
  user_id: string;
  status: string;
  privacy: string;
}

/** One viewer's view or open of a video on a day (UTC). */
export interface ViewMark {
  videoId: string;
  day: string;
  kind: MarkKind;
  viewer: string;
  searchWords?: string | null;
}

/**
 * Views and opens of videos (migrations 0042, 0043): one mark per viewer, kind, video and day, each
 * video's daily totals, and the search words that opened its page.
 */
export function videoViewsRepository(db: Executor) {
  return {
    /**
     * Writes a batch of marks in one statement; a viewer's second mark of a day (in the batch or written
     * before) is dropped by the key. The marks written, which will count.
     */
    async markAll(marks: readonly ViewMark[]): Promise<number> {
      if (marks.length === 0) return 0;
      const rows = marks.map((mark) => ({
        video_id: mark.videoId,
        day: mark.day,
        kind: mark.kind,
        viewer: mark.viewer,
        search_words: mark.searchWords ?? null,
      }));
      const written = await db
        .insertInto('video_view_marks')
        .values(rows)
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      return Number(written.numInsertedOrUpdatedRows ?? 0);
    },

    /** Who owns a video and who may see it: what deciding whether a view counts needs. */
    visibility(videoId: string): Promise<VideoVisibility | undefined> {
      return db
        .selectFrom('videos')
        .select(['id', 'user_id', 'status', 'privacy'])
        .where('id', '=', videoId)
        .executeTakeFirst();
    },

    /**
     * Adds every mark not counted yet to its video's total of its day, in one statement: the marks it
     * flags are the marks it adds, so two instances running it at once never add one twice (a mark
     * another run took is locked and then no longer "not counted"). The marks added.
     */
    async tally(): Promise<number> {
      const { rows } = await sql<{ marks: number }>`
        with taken as (
          update video_view_marks set counted = true where not counted
          returning video_id, day, kind, search_words
        ),
        added as (
          insert into video_daily_stats (video_id, day, views, opens)
          select video_id, day, (count(*) filter (where kind = 'view'))::int,
            (count(*) filter (where kind = 'open'))::int
          from taken group by video_id, day
          on conflict (video_id, day) do update
            set views = video_daily_stats.views + excluded.views, opens = video_daily_stats.opens + excluded.opens
        ),
        words as (
          insert into video_search_words (video_id, day, words, opens)
          select video_id, day, search_words, count(*)::int from taken
          where kind = 'open' and search_words is not null
          group by video_id, day, search_words
          on conflict (video_id, day, words) do update set opens = video_search_words.opens + excluded.opens
        )
        select count(*)::int as marks from taken`.execute(db);
      return rows[0]?.marks ?? 0;
    },

    /**
     * Adds appearances in search results to the day's totals of the videos that still exist, in one
     * statement (an instance's batch; adding is safe whichever instance adds first).
     */
    async addAppearances(day: string, counts: ReadonlyMap<string, number>): Promise<void> {
      if (counts.size === 0) return;
      const shown = sql.join([...counts].map(([videoId, times]) => sql`(${videoId}, ${times}::int)`));
      await sql`
        insert into video_daily_stats (video_id, day, appearances)
        select videos.id, ${day}::date, shown.times
        from (values ${shown}) as shown (video_id, times) join videos on videos.id = shown.video_id
        on conflict (video_id, day) do update
          set appearances = video_daily_stats.appearances + excluded.appearances`.execute(db);
    },

    /** Which of these videos are the member's own (their own appearances do not count). */
    async ownedBy(userId: string, videoIds: readonly string[]): Promise<Set<string>> {
      if (videoIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('videos')
        .select('id')
        .where('user_id', '=', userId)
        .where('id', 'in', videoIds)
        .execute();
      return new Set(rows.map((row) => row.id));
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
  };
}
