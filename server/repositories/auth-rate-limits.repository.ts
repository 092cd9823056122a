import type { Executor } from './executor';

/** better-auth's rate-limit counters (migration 0016), which it reads and writes itself. */
export function authRateLimitsRepository(db: Executor) {
  return {
    /**
     * Deletes the counters of keys (an address and a path) not asked for since `before` (ms since the
     * epoch): every window is at most 15 minutes, so such a counter limits nothing any more, and without
     * this each address that ever signed in would keep a row.
     */
    async deleteIdleBefore(before: number): Promise<number> {
      const deleted = await db
        .deleteFrom('auth_rate_limits')
        .where('last_request', '<', String(before))
        .executeTakeFirst();
      return Number(deleted.numDeletedRows);
    },
  };
}
