import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { WithdrawalRequestsTable } from '../db/schema';
import type { Executor } from './executor';
import { keysetPage } from './keyset-page';
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

/**
 * Withdrawal requests (DESIGN "Withdrawals"), the member's side. Each request has one `withdrawal` row in
 * the ledger that reserves its amount; a state change moves the request and that row together, so call
 * it inside one transaction. The admin's decisions are `withdrawalRequestsAdminRepository` below.
 */
export function withdrawalRequestsRepository(db: Executor) {
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

    /**
     * The owner cancels while it is pending; the reservation is released. A compare-and-set on the
     * status: of a cancel and an admin's decision racing, exactly one changes anything (null here).
     */
    async cancelByOwner(id: string, ownerId: string): Promise<WithdrawalRequestRow | null> {
      const row = await db
        .updateTable('withdrawal_requests')
        .set({ status: 'cancelled', updated_at: sql`now()` })
        .where('id', '=', id)
        .where('user_id', '=', ownerId)
        .where('status', '=', 'pending')
        .returningAll()
        .executeTakeFirst();
      if (!row) return null;
      await ledgerRepository(db).moveWithdrawalRow(id, ['pending'], 'cancelled');
      return row;
    },
  };
}

// --- Admin side (back office): the list, the details and the decisions. ---------------------------

export interface AdminWithdrawalPage {
  status?: string | undefined;
  limit: number;
  afterId: string | null;
}

/** The columns the back office reads of a request, with its owner. */
function adminRequests(db: Executor) {
  return db
    .selectFrom('withdrawal_requests as w')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .select([
      'w.id',
      'w.user_id',
      'w.amount_cents',
      'w.currency',
      'w.method',
      'w.payout_details',
      'w.status',
      'w.payout_provider',
      'w.payout_reference',
      'w.reject_reason',
      'w.failure_reason',
      'w.decided_by',
      'w.decided_at',
      'w.created_at',
      'w.updated_at',
      'u.email as user_email',
      'u.name as user_name',
      'u.language as user_language',
      'u.disabled_at as user_disabled_at',
    ]);
}
export type AdminWithdrawalRow = Awaited<
  ReturnType<ReturnType<typeof adminRequests>['executeTakeFirstOrThrow']>
>;

/**
 * Withdrawal requests as admins handle them. Every decision is a compare-and-set on the status: of two
 * admins deciding at once, the second finds the status changed and changes nothing (false).
 */
export function withdrawalRequestsAdminRepository(db: Executor) {
  const move = async (
    id: string,
    from: readonly string[],
    values: {
      status: string;
      payout_provider?: string;
      payout_reference?: string | null;
      reject_reason?: string;
      failure_reason?: string;
      decided_by?: string;
    },
  ): Promise<boolean> => {
    const result = await db
      .updateTable('withdrawal_requests')
      .set({
        ...values,
        ...(values.decided_by && { decided_at: sql<Date>`now()` }),
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', id)
      .where('status', 'in', [...from])
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  };

  return {
    /** Requests for the back office, oldest first (the queue order), optionally of one status. */
    listForAdmin(page: AdminWithdrawalPage): Promise<AdminWithdrawalRow[]> {
      let query = adminRequests(db);
      if (page.status) query = query.where('w.status', '=', page.status);
      return keysetPage(
        query,
        { table: 'withdrawal_requests', alias: 'w', oldestFirst: true },
        page,
      ).execute();
    },

    findForAdmin(id: string): Promise<AdminWithdrawalRow | undefined> {
      return adminRequests(db).where('w.id', '=', id).executeTakeFirst();
    },

    /** pending -> processing: the payout is being made by `provider`; the admin who started it. */
    markProcessing(id: string, provider: string, adminId: string) {
      return move(id, ['pending'], { status: 'processing', payout_provider: provider, decided_by: adminId });
    },

    /** The provider's reference of a payout under way (a PayPal batch id). */
    recordReference(id: string, reference: string) {
      return move(id, ['processing'], { status: 'processing', payout_reference: reference });
    },

    /** The payout went through: pending (manual) or processing -> completed. */
    complete(id: string, reference: string, adminId?: string) {
      return move(id, ['pending', 'processing'], {
        status: 'completed',
        payout_reference: reference,
        ...(adminId && { decided_by: adminId }),
      });
    },

    /** An admin refuses the request (pending only), with the reason the user is told. */
    reject(id: string, reason: string, adminId: string) {
      return move(id, ['pending'], { status: 'rejected', reject_reason: reason, decided_by: adminId });
    },

    /** The payout failed at the provider: processing -> failed, with the provider's reason. */
    fail(id: string, reason: string, reference: string | null) {
      return move(id, ['processing'], {
        status: 'failed',
        failure_reason: reason,
        ...(reference && { payout_reference: reference }),
      });
    },

    /** Payouts under way at a provider, oldest first: the status refresh reads them again. */
    async listProcessingIds(provider: string, limit = 50): Promise<string[]> {
      const rows = await db
        .selectFrom('withdrawal_requests')
        .select('id')
        .where('status', '=', 'processing')
        .where('payout_provider', '=', provider)
        .orderBy('updated_at')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },
  };
}
