import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { WithdrawalRequestsTable } from '../db/schema';
import type { Executor } from './executor';
import { ledgerRepository } from './ledger.repository';

export type WithdrawalRequestRow = Selectable<WithdrawalRequestsTable>;
export type PayoutDetails = { email: string } | { iban: string; holder: string };

export interface NewWithdrawalRequest {
  userId: string;
  amountCents: number;
  currency: string;
  method: 'paypal' | 'bank_transfer';
  payoutDetails: PayoutDetails;
}

/** The withdrawal's ledger row follows its request: the request status, and the row status it gives. */
const LEDGER_STATUS = {
  processing: 'processing',
  completed: 'completed',
  rejected: 'cancelled',
  cancelled: 'cancelled',
  failed: 'reverted',
} as const;
type Decision = keyof typeof LEDGER_STATUS;

/**
 * Withdrawal requests (DESIGN "Withdrawals"). Each request has one `withdrawal` row in the ledger that
 * reserves its amount; the state changes below move the request and that row together, so call them
 * inside one transaction. Each change is a compare-and-set on the request's status: of a cancel and an
 * admin decision racing, exactly one changes anything (the other gets null).
 */
export function withdrawalRequestsRepository(db: Executor) {
  /** Moves a request from one of `from` to `to` with `fields`, and its ledger row; null if it was not in `from`. */
  const transition = async (
    id: string,
    from: readonly string[],
    to: Decision,
    fields: Partial<
      Pick<
        WithdrawalRequestRow,
        'payout_provider' | 'payout_reference' | 'reject_reason' | 'failure_reason' | 'decided_by'
      >
    > & { decided?: boolean },
    ownerId?: string,
  ): Promise<WithdrawalRequestRow | null> => {
    const { decided, ...columns } = fields;
    let query = db
      .updateTable('withdrawal_requests')
      .set({ ...columns, status: to, updated_at: sql`now()`, ...(decided && { decided_at: sql`now()` }) })
      .where('id', '=', id)
      .where('status', 'in', [...from]);
    if (ownerId) query = query.where('user_id', '=', ownerId);
    const row = await query.returningAll().executeTakeFirst();
    if (!row) return null;
    await ledgerRepository(db).setWithdrawalStatus(id, LEDGER_STATUS[to]);
    return row;
  };

  return {
    /** A new request in `pending`; its reservation row is the ledger's `addWithdrawal`. */
    create(request: NewWithdrawalRequest) {
      return db
        .insertInto('withdrawal_requests')
        .values({
          user_id: request.userId,
          amount_cents: request.amountCents,
          currency: request.currency,
          method: request.method,
          payout_details: JSON.stringify(request.payoutDetails),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** One request of its owner; undefined for anyone else's. */
    findForUser(id: string, userId: string) {
      return db
        .selectFrom('withdrawal_requests')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    /** A user's requests, newest first, one more than asked. */
    listForUser(userId: string, limit: number, afterId: string | null) {
      let query = db
        .selectFrom('withdrawal_requests')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit + 1);
      if (afterId) {
        query = query.where(
          sql<boolean>`(created_at, id) < (select w.created_at, w.id from withdrawal_requests w where w.id = ${afterId})`,
        );
      }
      return query.execute();
    },

    /** The owner cancels while it is pending; the reservation is released. */
    cancelByOwner: (id: string, ownerId: string) => transition(id, ['pending'], 'cancelled', {}, ownerId),
    /** A payout was started with a provider (PayPal): no cancel from now on. */
    markProcessing: (id: string, provider: string) =>
      transition(id, ['pending'], 'processing', { payout_provider: provider }),
    /** Paid: the reservation becomes the money that left. */
    markCompleted: (id: string, paid: { provider: string; reference: string; decidedBy: string | null }) =>
      transition(id, ['pending', 'processing'], 'completed', {
        payout_provider: paid.provider,
        payout_reference: paid.reference,
        decided_by: paid.decidedBy,
        decided: true,
      }),
    /** Refused by an admin with a reason: the amount is released. */
    markRejected: (id: string, rejected: { reason: string; decidedBy: string }) =>
      transition(id, ['pending'], 'rejected', {
        reject_reason: rejected.reason,
        decided_by: rejected.decidedBy,
        decided: true,
      }),
    /** The provider failed the payout: the amount is available again. */
    markFailed: (id: string, reason: string) =>
      transition(id, ['pending', 'processing'], 'failed', { failure_reason: reason, decided: true }),
  };
}
