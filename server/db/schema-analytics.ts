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
  counted: Generated<boolean>;
}

/** Each video's totals per day (UTC), kept for good; added to in batches by the upkeep. */
export interface VideoDailyStatsTable {
  video_id: string;
  day: string;
  views: Generated<number>;
}

export interface AnalyticsTables {
  video_view_marks: VideoViewMarksTable;
  video_daily_stats: VideoDailyStatsTable;
}
