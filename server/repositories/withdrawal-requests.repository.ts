import { sql } from 'kysely';
import type { Executor } from './executor';

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
      let query = adminRequests(db)
        .orderBy('w.created_at', 'asc')
        .orderBy('w.id', 'asc')
        .limit(page.limit + 1);
      if (page.status) query = query.where('w.status', '=', page.status);
      if (page.afterId) {
        query = query.where(
          sql<boolean>`(w.created_at, w.id) > (select c.created_at, c.id from withdrawal_requests c where c.id = ${page.afterId})`,
        );
      }
      return query.execute();
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
