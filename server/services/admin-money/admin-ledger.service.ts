import type {
  AdjustmentInput,
  AdjustmentResult,
  AdminTransactionList,
  AdminTransactionsFilter,
  AdminTransactionsQuery,
} from '../../../common/contracts/admin-money';
import { shownAmount, type TransactionType } from '../../../common/ledger';
import { toCsv } from '../../adapters/csv/csv';
import { AppError } from '../../errors';
import { auditLogRepository } from '../../repositories/audit-log.repository';
import { type Executor, inTransaction } from '../../repositories/executor';
import { ledgerRepository, lockUserLedger } from '../../repositories/ledger.repository';
import {
  type AdminLedgerFilter,
  ledgerReportsRepository,
} from '../../repositories/ledger-reports.repository';
import { usersRepository } from '../../repositories/users.repository';
import { cursorAfter, pageOf } from '../paging';
import { presentAdminLedgerRow } from './admin-money-presenter';

/** The most rows one CSV export holds; a wider export is narrowed with the filter. */
const CSV_MAX_ROWS = 50_000;
const CSV_PAGE = 1000;

/** The page's filter in the repository's terms: whole UTC days, `to` included. */
function ledgerFilterOf(filter: AdminTransactionsFilter): AdminLedgerFilter {
  const day = 24 * 60 * 60 * 1000;
  return {
    type: filter.type,
    status: filter.status,
    user: filter.user,
    from: filter.from ? new Date(`${filter.from}T00:00:00Z`) : undefined,
    to: filter.to ? new Date(new Date(`${filter.to}T00:00:00Z`).getTime() + day) : undefined,
  };
}

/**
 * The admin's view of the whole ledger (SPEC 2.1 /admin/transactions): every row by filter, totals per
 * type, a CSV of the filter, and adjustments (a credit or debit with a reason, by the admin, audited in
 * the same transaction).
 */
export function adminLedgerService(deps: { db: Executor }) {
  const reports = ledgerReportsRepository(deps.db);
  return {
    /** One page of the filter's rows, newest first, with the totals per type of the whole filter. */
    async list(query: AdminTransactionsQuery): Promise<AdminTransactionList> {
      const { limit, cursor, ...filter } = query;
      const where = ledgerFilterOf(filter);
      const [rows, totals] = await Promise.all([
        reports.listForAdmin(where, { limit, afterId: cursorAfter(cursor) }),
        reports.totalsForAdmin(where),
      ]);
      return {
        ...pageOf(rows, limit, presentAdminLedgerRow),
        totals: totals.map((total) => ({ ...total, type: total.type as TransactionType })),
      };
    },

    /**
     * The filter's rows as CSV, newest first, amounts in cents and as decimals, signed by the one rule of
     * every ledger screen (`shownSign`: money in +, money out and purchases −, a counter-row the opposite
     * of its type), so the column sums.
     */
    async csv(filter: AdminTransactionsFilter): Promise<string> {
      const where = ledgerFilterOf(filter);
      const lines: unknown[][] = [];
      let afterId: string | null = null;
      while (lines.length < CSV_MAX_ROWS) {
        const rows = await reports.listForAdmin(where, { limit: CSV_PAGE, afterId });
        for (const row of rows.slice(0, CSV_PAGE)) {
          lines.push([
            row.id,
            row.created_at.toISOString(),
            row.user_id,
            row.user_email,
            row.type,
            row.status,
            shownAmount(row),
            (shownAmount(row) / 100).toFixed(2),
            row.currency,
            row.available_at?.toISOString() ?? '',
            row.license_request_id ?? '',
            row.withdrawal_request_id ?? '',
            row.reverses_id ?? '',
            row.created_by ?? '',
            row.reason ?? '',
          ]);
        }
        if (rows.length <= CSV_PAGE) break;
        afterId = rows[CSV_PAGE - 1]?.id ?? null;
      }
      return toCsv(lines, {
        header: true,
        columns: [
          'id',
          'created_at',
          'user_id',
          'user_email',
          'type',
          'status',
          'amount_cents',
          'amount',
          'currency',
          'available_at',
          'license_request_id',
          'withdrawal_request_id',
          'reverses_id',
          'created_by',
          'reason',
        ],
      });
    },

    /** An income_transfer or outgoing_transfer to a user, completed at once, with the admin and why. */
    async adjust(adminId: string, input: AdjustmentInput): Promise<AdjustmentResult> {
      const user = await usersRepository(deps.db).findByIdOrEmail(input.user);
      if (!user) {
        throw new AppError('USER_NOT_FOUND', 404, undefined, [
          { field: 'user', message: 'errors.USER_NOT_FOUND' },
        ]);
      }
      return inTransaction(deps.db, async (trx) => {
        await lockUserLedger(trx, user.id);
        const id = await ledgerRepository(trx).addAdjustment({
          userId: user.id,
          type: input.type,
          amountCents: input.amountCents,
          currency: input.currency,
          createdBy: adminId,
          reason: input.reason,
        });
        await auditLogRepository(trx).record({
          actorId: adminId,
          action: 'ledger.adjust',
          subjectType: 'transaction',
          subjectId: id,
          after: {
            userId: user.id,
            type: input.type,
            amountCents: input.amountCents,
            currency: input.currency,
          },
          reason: input.reason,
        });
        return { id };
      });
    },
  };
}
