import { sql } from 'kysely';
import type { Executor } from './executor';

/** What paying for, delivering and certifying a license needs of its request, its video and its people. */
const requestColumns = [
  'r.id',
  'r.video_id',
  'r.buyer_id',
  'r.license_type_snapshot',
  'r.usage',
  'r.billing_address',
  'r.status',
  'r.price_cents',
  'r.currency',
  'r.creator_share_percent',
  'r.referral_bonus_percent',
  'r.refund_window_days',
  'r.payment_provider',
  'r.checkout_session_id',
  'r.checkout_expires_at',
  'r.completed_at',
  'r.updated_at',
  'r.bundle_id',
  'v.title as video_title',
  'v.thumbnail as video_thumbnail',
  'v.path as video_path',
  'v.file_name as video_file_name',
  'v.user_id as creator_id',
] as const;

/**
 * The payment side of license requests: each move of the status is a compare-and-set on the status (and
 * the checkout session) it starts from, so a click or an event that comes twice, late or out of order
 * finds nothing to change.
 */
export function licensePaymentsRepository(db: Executor) {
  const base = () => db.selectFrom('license_requests as r').innerJoin('videos as v', 'v.id', 'r.video_id');
  return {
    find(requestId: string) {
      return base().select(requestColumns).where('r.id', '=', requestId).executeTakeFirst();
    },

    /** The request locked until the transaction ends: the events of one request take turns. */
    lock(requestId: string) {
      return base().select(requestColumns).where('r.id', '=', requestId).forUpdate('r').executeTakeFirst();
    },

    findBySession(provider: string, sessionId: string) {
      return base()
        .select(requestColumns)
        .where('r.payment_provider', '=', provider)
        .where('r.checkout_session_id', '=', sessionId)
        .orderBy('r.id')
        .executeTakeFirst();
    },

    /**
     * The requests a checkout session is paying for, still in it (`processing_payment`): one, or the
     * clips of a bundle. Locked in id order, as every writer of a bundle's clips locks them.
     */
    lockSession(provider: string, sessionId: string) {
      return base()
        .select(requestColumns)
        .where('r.payment_provider', '=', provider)
        .where('r.checkout_session_id', '=', sessionId)
        .where('r.status', '=', 'processing_payment')
        .orderBy('r.id')
        .forUpdate('r')
        .execute();
    },

    /** The clips of a bundle a checkout session is for (any status but cancelled), in id order. */
    ofBundleSession(bundleId: string, provider: string, sessionId: string) {
      return base()
        .select(requestColumns)
        .where('r.bundle_id', '=', bundleId)
        .where('r.payment_provider', '=', provider)
        .where('r.checkout_session_id', '=', sessionId)
        .where('r.status', '!=', 'cancelled')
        .orderBy('r.id')
        .execute();
    },

    /** A bundle's clips in id order (the order they are locked and paid in), cancelled ones included. */
    ofBundle(bundleId: string) {
      return base().select(requestColumns).where('r.bundle_id', '=', bundleId).orderBy('r.id').execute();
    },

    /** The same, locked until the transaction ends. */
    lockBundle(bundleId: string) {
      return base()
        .select(requestColumns)
        .where('r.bundle_id', '=', bundleId)
        .orderBy('r.id')
        .forUpdate('r')
        .execute();
    },

    /**
     * `awaiting_payment` (or a checkout still open, `processing_payment` with `previousSessionId`) ->
     * `processing_payment` with the new session. False when the request moved meanwhile.
     */
    async startCheckout(change: {
      requestId: string;
      buyerId: string;
      previousSessionId: string | null;
      provider: string;
      sessionId: string;
      expiresAt: Date;
    }): Promise<boolean> {
      let query = db
        .updateTable('license_requests')
        .set({
          status: 'processing_payment',
          payment_provider: change.provider,
          checkout_session_id: change.sessionId,
          checkout_expires_at: change.expiresAt,
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', change.requestId)
        .where('buyer_id', '=', change.buyerId);
      query =
        change.previousSessionId === null
          ? query.where('status', '=', 'awaiting_payment')
          : query
              .where('status', 'in', ['awaiting_payment', 'processing_payment'])
              .where('checkout_session_id', '=', change.previousSessionId);
      const result = await query.executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /** `processing_payment` in this session -> `completed`. */
    async complete(requestId: string, sessionId: string, at: Date): Promise<boolean> {
      const result = await db
        .updateTable('license_requests')
        .set({ status: 'completed', completed_at: at, updated_at: sql<Date>`now()` })
        .where('id', '=', requestId)
        .where('status', '=', 'processing_payment')
        .where('checkout_session_id', '=', sessionId)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /**
     * Every request still in this checkout session (one, or a bundle's clips) -> `awaiting_payment`; the
     * ids that moved. The caller holds their locks (lockSession or lockBundle), taken in id order.
     */
    async reopenSession(provider: string, sessionId: string): Promise<string[]> {
      const rows = await db
        .updateTable('license_requests')
        .set({ status: 'awaiting_payment', updated_at: sql<Date>`now()` })
        .where('payment_provider', '=', provider)
        .where('checkout_session_id', '=', sessionId)
        .where('status', '=', 'processing_payment')
        .returning('id')
        .execute();
      return rows.map((row) => row.id).sort();
    },

    /** Checkouts whose session stopped taking payment before `before`, oldest first (the expiry sweep). */
    expiredCheckouts(before: Date, limit: number) {
      return db
        .selectFrom('license_requests')
        .select(['id', 'payment_provider', 'checkout_session_id'])
        .where('status', '=', 'processing_payment')
        .where('checkout_expires_at', '<', before)
        .orderBy('checkout_expires_at')
        .limit(limit)
        .execute();
    },

    /** `processing_payment` in this session -> `awaiting_payment` (the payment failed or its page expired). */
    async reopen(requestId: string, sessionId: string): Promise<boolean> {
      const result = await db
        .updateTable('license_requests')
        .set({ status: 'awaiting_payment', updated_at: sql<Date>`now()` })
        .where('id', '=', requestId)
        .where('status', '=', 'processing_payment')
        .where('checkout_session_id', '=', sessionId)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /**
     * `completed` -> `cancelled` with the refund's facts (who, when, why, the provider's id). False when
     * the request was not completed any more: refunded meanwhile.
     */
    async markRefunded(
      requestId: string,
      refund: { by: string; at: Date; reason: string; reference: string },
    ): Promise<boolean> {
      const result = await db
        .updateTable('license_requests')
        .set({
          status: 'cancelled',
          refunded_at: refund.at,
          refunded_by: refund.by,
          refund_reason: refund.reason,
          refund_reference: refund.reference,
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', requestId)
        .where('status', '=', 'completed')
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /** Whom a sale is told to, and who earns from it: the buyer, the creator and the creator's referrer. */
    /** The buyer and the creator of a request, and anyone else named (the referrer a sale paid). */
    people(buyerId: string, creatorId: string, ...others: string[]) {
      return db
        .selectFrom('users')
        .select(['id', 'email', 'language', 'name', 'referrer_id'])
        .where('id', 'in', [buyerId, creatorId, ...others])
        .execute();
    },
  };
}
export type LicensePaymentRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof licensePaymentsRepository>['find']>>
>;
