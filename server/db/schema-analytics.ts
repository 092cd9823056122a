/**
 * Table types for Kysely (schema.ts composes DB of every domain's; keep them in step with migrations/):
 * what creators' analytics count (issue 35).
 */
import type { Generated } from 'kysely';

/**
 * One viewer's counted view of one video on one day (migration 0042): the key that makes a second view
 * that day count for nothing. `viewer` is `u:` and a member's id, or `v:` and a keyed hash of a visitor's
 * address and browser with the day in it (never the address itself). `counted`: already added to the
 * day's total. Deleted 30 days on.
 */
export interface VideoViewMarksTable {
  video_id: string;
  day: string;
  viewer: string;
  /** 'view' (3 s played) or 'open' (the page opened; migration 0043). */
  kind: Generated<string>;
  /** An open from search results: the search's words, normalised (what led the viewer there). */
  search_words: string | null;
  counted: Generated<boolean>;
}

/** Each video's totals per day (UTC), kept for good; added to in batches by the upkeep. */
export interface VideoDailyStatsTable {
  video_id: string;
  day: string;
  views: Generated<number>;
  opens: Generated<number>;
  /** Times the video was on a page of search results a person saw (migration 0043). */
  appearances: Generated<number>;
}

/** The search words that opened a video's page, per day (migration 0043). */
export interface VideoSearchWordsTable {
  video_id: string;
  day: string;
  words: string;
  opens: number;
}

export interface AnalyticsTables {
  video_view_marks: VideoViewMarksTable;
  video_daily_stats: VideoDailyStatsTable;
  video_search_words: VideoSearchWordsTable;
}
