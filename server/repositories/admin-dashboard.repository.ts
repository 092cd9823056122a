import type { Executor } from './executor';

/** The counts of what waits for an admin or staff (the admin dashboard). */
export function adminDashboardRepository(db: Executor) {
  const count = async (query: { executeTakeFirstOrThrow(): Promise<{ count: string | number | bigint }> }) =>
    Number((await query.executeTakeFirstOrThrow()).count);
  return {
    async waiting() {
      const [videosToReview, openLicenseRequests, pendingWithdrawals, newAbuseReports] = [
        await count(
          db
            .selectFrom('videos')
            .select((eb) => eb.fn.countAll<string>().as('count'))
            .where('status', '=', 'not_verified'),
        ),
        await count(
          db
            .selectFrom('license_requests')
            .select((eb) => eb.fn.countAll<string>().as('count'))
            .where('status', '=', 'open'),
        ),
        await count(
          db
            .selectFrom('withdrawal_requests')
            .select((eb) => eb.fn.countAll<string>().as('count'))
            .where('status', '=', 'pending'),
        ),
        await count(
          db
            .selectFrom('abuse_requests')
            .select((eb) => eb.fn.countAll<string>().as('count'))
            .where('handled_at', 'is', null),
        ),
      ];
      return { videosToReview, openLicenseRequests, pendingWithdrawals, newAbuseReports };
    },
  };
}
