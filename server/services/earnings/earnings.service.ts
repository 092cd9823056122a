import { appSettingsRepository } from '../../repositories/app-settings.repository';
import type { Executor } from '../../repositories/executor';
import { ledgerRepository } from '../../repositories/ledger.repository';
import { ledgerReportsRepository } from '../../repositories/ledger-reports.repository';

/**
 * What a member sees of their money (SPEC 2.1 /me/transactions, 2.6 dashboard): balances by the one rule
 * of the ledger repository, the earnings still inside the delay, the policy, and their ledger rows.
 */
export function earningsService({ db, now }: { db: Executor; now: () => Date }) {
  const ledger = ledgerRepository(db);
  const reports = ledgerReportsRepository(db);
  return {
    async overview(userId: string) {
      const at = now();
      const [balances, pendingEarnings, policy] = await Promise.all([
        ledger.balances(userId, at),
        reports.pendingEarnings(userId, at),
        appSettingsRepository(db).withdrawalPolicy(),
      ]);
      return { balances, pendingEarnings, policy };
    },

    /** The licenses sold of the member's videos that stand (the creator's side of the dashboard). */
    salesCount: (userId: string) => reports.salesCount(userId),

    history: (
      userId: string,
      filters: { type?: string; status?: string; limit?: number; afterId?: string | null },
    ) => reports.history(userId, filters),

    /** For each referred user: their first sale, and the bonus it earned the referrer. */
    async referralEarnings(referrerId: string, referredIds: string[]) {
      const [sales, bonuses] = await Promise.all([
        reports.firstSales(referredIds),
        reports.referralBonuses(referrerId, referredIds),
      ]);
      return new Map(
        referredIds.map((id) => {
          const sale = sales.find((row) => row.user_id === id);
          const bonus = bonuses.find((row) => row.referred_user_id === id);
          return [
            id,
            {
              firstSaleAt: sale?.first_sale_at ? new Date(sale.first_sale_at as Date | string) : null,
              bonus: bonus ? { amountCents: bonus.amount_cents, currency: bonus.currency } : null,
            },
          ];
        }),
      );
    },
  };
}
