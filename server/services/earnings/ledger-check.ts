import { type Balance, balancesFromRows } from '../../../common/ledger';
import type { Executor } from '../../repositories/executor';
import { ledgerRepository } from '../../repositories/ledger.repository';
import { ledgerReportsRepository } from '../../repositories/ledger-reports.repository';

export interface LedgerDifference {
  userId: string;
  /** By the rule in TypeScript, from the rows. */
  fromRows: Balance[];
  /** As the screens show it (the SQL the balances endpoint reads). */
  shown: Balance[];
}

/**
 * The ledger invariant (`npm run ledger:check`): for every user with ledger rows, the balance recomputed
 * from the rows by `balancesFromRows` must equal what the screens show. Returns the users where not.
 */
export async function checkLedger(db: Executor, now: Date = new Date()): Promise<LedgerDifference[]> {
  const ledger = ledgerRepository(db);
  const reports = ledgerReportsRepository(db);
  const differences: LedgerDifference[] = [];
  for (const userId of await reports.userIds()) {
    const rows = await reports.rowsForBalance(userId);
    const fromRows = balancesFromRows(
      rows.map((row) => ({
        type: row.type,
        status: row.status,
        amountCents: row.amount_cents,
        currency: row.currency,
        availableAt: row.available_at ? new Date(row.available_at) : null,
        reversesId: row.reverses_id,
      })),
      now,
    );
    const shown = await ledger.balances(userId, now);
    if (JSON.stringify(fromRows) !== JSON.stringify(shown)) differences.push({ userId, fromRows, shown });
  }
  return differences;
}
