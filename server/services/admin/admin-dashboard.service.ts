import { adminDashboardRepository } from '../../repositories/admin-dashboard.repository';
import type { Executor } from '../../repositories/executor';
import { ledgerReportsRepository } from '../../repositories/ledger-reports.repository';

type Totals = Awaited<ReturnType<ReturnType<typeof ledgerReportsRepository>['completedTotals']>>;

/** Sums per currency of the rows of `types`, each with its sign; currencies in order. */
function perCurrency(totals: Totals, signs: Record<string, 1 | -1>) {
  const sums = new Map<string, number>();
  for (const row of totals) {
    const sign = signs[row.type];
    if (sign) sums.set(row.currency, (sums.get(row.currency) ?? 0) + sign * row.cents);
  }
  return [...sums.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, cents]) => ({ currency, cents }));
}

/**
 * The admin dashboard (issue 20): what waits for staff and admins, and this calendar month's (UTC)
 * sales, platform revenue (what buyers paid minus the creators' shares and referral bonuses) and payouts,
 * from the ledger, net of counter-rows.
 */
export function adminDashboardService(deps: { db: Executor; now: () => Date }) {
  return {
    async overview() {
      const now = deps.now();
      const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
      const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
      const waiting = await adminDashboardRepository(deps.db).waiting();
      const totals = await ledgerReportsRepository(deps.db).completedTotals(
        ['video_license_purchase', 'video_license_sale', 'video_license_sale_referral_bonus', 'withdrawal'],
        from,
        to,
      );
      return {
        waiting,
        month: {
          from: from.toISOString(),
          sales: perCurrency(totals, { video_license_purchase: 1 }),
          platformRevenue: perCurrency(totals, {
            video_license_purchase: 1,
            video_license_sale: -1,
            video_license_sale_referral_bonus: -1,
          }),
          paidOut: perCurrency(totals, { withdrawal: 1 }),
        },
      };
    },
  };
}
