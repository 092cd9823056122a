import { sql } from 'kysely';
import type { Executor } from './executor';

/** An account's failed sign-ins in its current window, and the milliseconds until that window ends. */
export interface SignInFailureCount {
  failures: number;
  msLeft: number;
}

/** The milliseconds from the database's now until `window_ends_at`, never below 0. */
const msLeft = sql<number>`greatest(0, ceil(extract(epoch from (window_ends_at - now())) * 1000))::float8`;

/**
 * Failed password sign-ins per account (`emailHash`: plugins/auth-sign-in-limit.ts), in our database so
 * every app instance counts against one budget. The database's clock decides the windows, as for
 * `rate_limit_hits`: instances whose clocks differ still agree on when a window ends.
 */
export function signInFailuresRepository(db: Executor) {
  return {
    /**
     * Counts one failure and answers the count: one statement, so simultaneous failures on several
     * instances each get their own number. A window that has ended starts again at 1.
     */
    async count(emailHash: string, windowMs: number): Promise<SignInFailureCount> {
      const windowEnd = sql<Date>`now() + ${windowMs} * interval '1 millisecond'`;
      const ended = sql<boolean>`sign_in_failures.window_ends_at <= now()`;
      const row = await db
        .insertInto('sign_in_failures')
        .values({ email_hash: emailHash, failures: 1, window_ends_at: windowEnd })
        .onConflict((conflict) =>
          conflict.column('email_hash').doUpdateSet({
            failures: sql<number>`case when ${ended} then 1 else sign_in_failures.failures + 1 end`,
            window_ends_at: sql<Date>`case when ${ended} then excluded.window_ends_at else sign_in_failures.window_ends_at end`,
          }),
        )
        .returning(['failures', msLeft.as('ms_left')])
        .executeTakeFirstOrThrow();
      return { failures: row.failures, msLeft: row.ms_left };
    },

    /**
     * How long the account's sign-ins stay paused: the rest of its window once it holds `limit` failures,
     * else 0.
     */
    async pausedFor(emailHash: string, limit: number): Promise<number> {
      const row = await db
        .selectFrom('sign_in_failures')
        .select(msLeft.as('ms_left'))
        .where('email_hash', '=', emailHash)
        .where('failures', '>=', limit)
        .where('window_ends_at', '>', sql<Date>`now()`)
        .executeTakeFirst();
      return row?.ms_left ?? 0;
    },

    /** Forgets the account's failures (a successful sign-in, a completed password reset). */
    async clear(emailHash: string): Promise<void> {
      await db.deleteFrom('sign_in_failures').where('email_hash', '=', emailHash).execute();
    },

    /** Forgets the counters whose window has ended: they count nothing any more. */
    async deleteEnded(): Promise<void> {
      await db.deleteFrom('sign_in_failures').where('window_ends_at', '<=', sql<Date>`now()`).execute();
    },
  };
}
