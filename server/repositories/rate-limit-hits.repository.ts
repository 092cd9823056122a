import { sql } from 'kysely';
import type { Executor } from './executor';

/** A key's hits in its current window, and the milliseconds until that window ends. */
export interface RateLimitCount {
  hits: number;
  msLeft: number;
}

/**
 * Rate-limit counters on our database, so every app instance counts against one budget. The database's
 * clock decides the windows: instances whose clocks differ still agree on when a window ends.
 */
export function rateLimitHitsRepository(db: Executor) {
  return {
    /**
     * Counts one hit on `key` and answers the count: one statement, so simultaneous hits on several
     * instances each get their own number. A window that has ended starts again at 1.
     */
    async hit(key: string, windowMs: number): Promise<RateLimitCount> {
      const windowEnd = sql<Date>`now() + ${windowMs} * interval '1 millisecond'`;
      const ended = sql<boolean>`rate_limit_hits.window_ends_at <= now()`;
      const row = await db
        .insertInto('rate_limit_hits')
        .values({ key, hits: 1, window_ends_at: windowEnd })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({
            hits: sql<number>`case when ${ended} then 1 else rate_limit_hits.hits + 1 end`,
            window_ends_at: sql<Date>`case when ${ended} then excluded.window_ends_at else rate_limit_hits.window_ends_at end`,
          }),
        )
        .returning([
          'hits',
          sql<number>`greatest(0, ceil(extract(epoch from (window_ends_at - now())) * 1000))::float8`.as(
            'ms_left',
          ),
        ])
        .executeTakeFirstOrThrow();
      return { hits: row.hits, msLeft: row.ms_left };
    },

    /** Forgets the counters whose window has ended: they count nothing any more. */
    async deleteEnded(): Promise<void> {
      await db.deleteFrom('rate_limit_hits').where('window_ends_at', '<=', sql<Date>`now()`).execute();
    },
  };
}
