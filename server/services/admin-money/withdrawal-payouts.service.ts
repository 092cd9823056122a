import type { FastifyBaseLogger } from 'fastify';
import type { AuditAction } from '../../../common/audit';
import type {
  AdminWithdrawalDetail,
  AdminWithdrawalsQuery,
  WithdrawalDecision,
} from '../../../common/contracts/admin-money';
import type { WithdrawalStatus } from '../../../common/contracts/earnings';
import type { ErrorCode } from '../../../common/errors';
import type { Balance, TransactionStatus } from '../../../common/ledger';
import { formatMoney } from '../../../common/money';
import { ROUTES } from '../../../common/routes';
import {
  type PayoutOrder,
  type PayoutOutcome,
  type PayoutProvider,
  PayoutProviderError,
} from '../../adapters/payouts/payout-provider';
import { AppError, notFound } from '../../errors';
import { auditLogRepository } from '../../repositories/audit-log.repository';
import { type Executor, inTransaction, type Tx } from '../../repositories/executor';
import { ledgerRepository, lockUserLedger } from '../../repositories/ledger.repository';
import { ledgerReportsRepository } from '../../repositories/ledger-reports.repository';
import {
  type AdminWithdrawalRow,
  withdrawalRequestsAdminRepository,
} from '../../repositories/withdrawal-requests.repository';
import type { MailOutbox } from '../mail/mail-outbox';
import { actionMail, languageOf } from '../mail/mail-templates';
import { cursorAfter, pageOf } from '../paging';
import { presentWithdrawal, presentWithdrawalDetail } from './admin-money-presenter';

const alreadyDecided = () => new AppError('WITHDRAWAL_ALREADY_DECIDED', 409);

/**
 * Why a pending withdrawal may not be paid now, or null. A refund or an adjustment after the request can
 * leave the member's available balance, this reservation counted, below zero: paying would send money
 * they no longer have. A disabled member's requests are held until an admin enables or rejects.
 */
type WithdrawalHold = NonNullable<AdminWithdrawalDetail['hold']>;
function holdOf(
  row: Pick<AdminWithdrawalRow, 'currency' | 'user_disabled_at'>,
  balances: Balance[],
): WithdrawalHold | null {
  if (row.user_disabled_at) return 'member_disabled';
  const balance = balances.find((b) => b.currency === row.currency);
  return (balance?.availableCents ?? 0) < 0 ? 'balance_below_zero' : null;
}
const HOLD_ERRORS: Record<WithdrawalHold, ErrorCode> = {
  balance_below_zero: 'WITHDRAWAL_BALANCE_BELOW_ZERO',
  member_disabled: 'WITHDRAWAL_MEMBER_DISABLED',
};

/** How many of the user's ledger rows the details page shows. */
const RECENT_ROWS = 20;

/**
 * The back office of withdrawals (SPEC 2.1 /admin/withdrawal_requests; DESIGN "Withdrawals"): admins
 * list requests, read one with the user's balance and ledger, pay it through the payout provider or
 * reject it. Every move is a compare-and-set on the request's status, its reservation row follows in the
 * same transaction, and so do the audit row and the user's e-mail (through the outbox). A provider is
 * never called inside a transaction: the request is claimed (`processing`) first, paid, then settled.
 */
export function withdrawalPayoutsService(deps: {
  db: Executor;
  payouts: PayoutProvider;
  mailOutbox: MailOutbox;
  publicUrl: string;
  log: FastifyBaseLogger;
}) {
  const requests = withdrawalRequestsAdminRepository(deps.db);
  const transactionsUrl = `${deps.publicUrl}${ROUTES.myTransactions}`;

  const mailUser = async (
    trx: Tx,
    row: AdminWithdrawalRow,
    kind: 'withdrawalPaid' | 'withdrawalRejected' | 'withdrawalFailed',
    extra: Record<string, string>,
  ) => {
    const language = languageOf(row.user_language);
    await deps.mailOutbox.enqueue(
      trx,
      actionMail(kind, {
        to: row.user_email,
        language,
        url: transactionsUrl,
        params: { amount: formatMoney(row.amount_cents, row.currency, language), ...extra },
      }),
    );
  };

  /**
   * What a decision on a request writes beside its status change, in the same transaction: the move of
   * its ledger row, the audit row, and the member's e-mail when there is one to send.
   */
  const recordDecision = async (
    trx: Tx,
    row: AdminWithdrawalRow,
    decision: {
      actorId: string;
      action: AuditAction;
      ledger: { from: TransactionStatus[]; to: TransactionStatus };
      before: { status: string };
      after: Record<string, unknown>;
      reason?: string | null;
      mail?: { kind: Parameters<typeof mailUser>[2]; params: Record<string, string> };
    },
  ) => {
    await ledgerRepository(trx).moveWithdrawalRow(row.id, decision.ledger.from, decision.ledger.to);
    await auditLogRepository(trx).record({
      actorId: decision.actorId,
      action: decision.action,
      subjectType: 'withdrawal_request',
      subjectId: row.id,
      before: decision.before,
      after: decision.after,
      ...(decision.reason !== undefined && { reason: decision.reason }),
    });
    if (decision.mail) await mailUser(trx, row, decision.mail.kind, decision.mail.params);
  };

  const load = async (id: string) => {
    const row = await requests.findForAdmin(id);
    if (!row) throw notFound();
    return row;
  };

  const orderOf = (row: AdminWithdrawalRow, reference?: string): PayoutOrder => ({
    withdrawalId: row.id,
    amountCents: row.amount_cents,
    currency: row.currency,
    method: row.method,
    details: (row.payout_details ?? {}) as PayoutOrder['details'],
    ...(reference && { reference }),
  });

  /**
   * Takes the member's ledger lock and refuses (409) when paying `row` now would pay money the member
   * no longer has, or a disabled member; held in the transaction that starts the payout, so a refund
   * landing at the same moment waits for it or is seen by it.
   */
  const assertPayable = async (trx: Tx, row: AdminWithdrawalRow) => {
    await lockUserLedger(trx, row.user_id);
    const current = await withdrawalRequestsAdminRepository(trx).findForAdmin(row.id);
    if (!current) throw notFound();
    if (current.status !== 'pending') throw alreadyDecided();
    const hold = holdOf(current, await ledgerRepository(trx).balances(row.user_id));
    if (hold) throw new AppError(HOLD_ERRORS[hold], 409);
  };

  /** Writes what the provider answered about a payout under way; the audit row names `actorId`. */
  const apply = async (row: AdminWithdrawalRow, outcome: PayoutOutcome, actorId: string) => {
    if (outcome.status === 'processing') {
      await requests.recordReference(row.id, outcome.reference);
      return 'processing' as const;
    }
    return inTransaction(deps.db, async (trx) => {
      const repo = withdrawalRequestsAdminRepository(trx);
      const provider = row.payout_provider;
      if (outcome.status === 'completed') {
        if (!(await repo.complete(row.id, outcome.reference))) return 'unchanged' as const;
        await recordDecision(trx, row, {
          actorId,
          action: 'withdrawal.complete',
          ledger: { from: ['pending', 'processing'], to: 'completed' },
          before: { status: 'processing' },
          after: { status: 'completed', provider, reference: outcome.reference },
          mail: { kind: 'withdrawalPaid', params: { reference: outcome.reference } },
        });
        return 'completed' as const;
      }
      if (!(await repo.fail(row.id, outcome.reason, outcome.reference))) return 'unchanged' as const;
      // The payout never moved money: the reservation is released (common/ledger.ts).
      await recordDecision(trx, row, {
        actorId,
        action: 'withdrawal.fail',
        ledger: { from: ['pending', 'processing'], to: 'reverted' },
        before: { status: 'processing' },
        after: { status: 'failed', provider, reference: outcome.reference },
        reason: outcome.reason,
        mail: { kind: 'withdrawalFailed', params: {} },
      });
      return 'failed' as const;
    });
  };

  /**
   * Asks the provider about a payout under way: pays again when no answer ever came (the provider pays
   * a withdrawal once, whatever the number of calls), reads the status otherwise. An unreachable
   * provider leaves it `processing` for the next refresh.
   */
  const settle = async (actorId: string, id: string): Promise<WithdrawalStatus> => {
    const row = await load(id);
    if (row.status !== 'processing') return row.status as WithdrawalStatus;
    let outcome: PayoutOutcome;
    try {
      outcome = row.payout_reference
        ? await deps.payouts.status(row.payout_reference)
        : await deps.payouts.pay(orderOf(row));
    } catch (error) {
      if (!(error instanceof PayoutProviderError)) throw error;
      deps.log.warn({ err: error, withdrawalId: id }, 'payout provider did not answer; still processing');
      return 'processing';
    }
    const result = await apply(row, outcome, actorId);
    if (result !== 'processing') deps.mailOutbox.deliverSoon();
    return result === 'unchanged' ? ((await load(id)).status as WithdrawalStatus) : result;
  };

  return {
    /** One page of the requests, oldest first, optionally of one status. */
    async list(query: AdminWithdrawalsQuery) {
      const { limit, cursor, status } = query;
      const rows = await requests.listForAdmin({ limit, status, afterId: cursorAfter(cursor) });
      return pageOf(rows, limit, presentWithdrawal);
    },

    /** One request with its user's balances and newest ledger rows. */
    async details(id: string): Promise<AdminWithdrawalDetail> {
      const row = await load(id);
      const [balances, recent] = await Promise.all([
        ledgerRepository(deps.db).balances(row.user_id),
        ledgerReportsRepository(deps.db).recentForUser(row.user_id, RECENT_ROWS),
      ]);
      return presentWithdrawalDetail({
        row,
        balances,
        recent,
        automatic: deps.payouts.name !== 'manual' && deps.payouts.pays(row.method),
        hold: row.status === 'pending' ? holdOf(row, balances) : null,
      });
    },

    /**
     * Pays a pending request. With a reference, it records a transfer the admin made elsewhere (manual)
     * and completes at once; without one, the configured provider pays it (when it can pay this method).
     */
    async pay(adminId: string, id: string, reference: string | undefined): Promise<WithdrawalDecision> {
      const row = await load(id);
      const manual = reference !== undefined && reference.trim() !== '';
      if (!manual && (deps.payouts.name === 'manual' || !deps.payouts.pays(row.method))) {
        throw new AppError('PAYOUT_REFERENCE_REQUIRED', 400);
      }
      if (manual) {
        const ref = (reference as string).trim();
        await inTransaction(deps.db, async (trx) => {
          await assertPayable(trx, row);
          const repo = withdrawalRequestsAdminRepository(trx);
          if (!(await repo.markProcessing(id, 'manual', adminId))) throw alreadyDecided();
          await repo.complete(id, ref, adminId);
          await recordDecision(trx, row, {
            actorId: adminId,
            action: 'withdrawal.pay',
            ledger: { from: ['pending'], to: 'completed' },
            before: { status: 'pending' },
            after: { status: 'completed', provider: 'manual', reference: ref },
            mail: { kind: 'withdrawalPaid', params: { reference: ref } },
          });
        });
        deps.mailOutbox.deliverSoon();
        return { status: 'completed' };
      }
      await inTransaction(deps.db, async (trx) => {
        await assertPayable(trx, row);
        if (!(await withdrawalRequestsAdminRepository(trx).markProcessing(id, deps.payouts.name, adminId))) {
          throw alreadyDecided();
        }
        await recordDecision(trx, row, {
          actorId: adminId,
          action: 'withdrawal.pay',
          ledger: { from: ['pending'], to: 'processing' },
          before: { status: 'pending' },
          after: { status: 'processing', provider: deps.payouts.name },
        });
      });
      return { status: await settle(adminId, id) };
    },

    /** Reads a payout under way again (the admin's "Refresh status"). */
    async refresh(actorId: string, id: string): Promise<WithdrawalDecision> {
      return { status: await settle(actorId, id) };
    },

    /** Rejects a pending request with a reason: the amount is released and the user told. */
    async reject(adminId: string, id: string, reason: string): Promise<WithdrawalDecision> {
      const row = await load(id);
      await inTransaction(deps.db, async (trx) => {
        if (!(await withdrawalRequestsAdminRepository(trx).reject(id, reason, adminId)))
          throw alreadyDecided();
        await recordDecision(trx, row, {
          actorId: adminId,
          action: 'withdrawal.reject',
          ledger: { from: ['pending'], to: 'cancelled' },
          before: { status: 'pending' },
          after: { status: 'rejected' },
          reason,
          mail: { kind: 'withdrawalRejected', params: { reason } },
        });
      });
      deps.mailOutbox.deliverSoon();
      return { status: 'rejected' };
    },

    /** Reads every payout under way at the provider again (a periodic job). */
    async refreshAll() {
      if (deps.payouts.name === 'manual') return;
      for (const id of await requests.listProcessingIds(deps.payouts.name)) {
        // The admin who started the payout is the actor of what it comes to.
        const actorId = (await requests.findForAdmin(id))?.decided_by;
        if (!actorId) continue;
        await settle(actorId, id).catch((error: unknown) => {
          deps.log.error({ err: error, withdrawalId: id }, 'payout status refresh failed');
        });
      }
    },
  };
}
