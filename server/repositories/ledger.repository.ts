import { type Selectable, sql } from 'kysely';
import { type Balance, CREDIT_TYPES, DEBIT_TYPES } from '../../common/ledger';
import type { TransactionsTable } from '../db/schema';
import type { Executor, Tx } from './executor';

/** One ledger row as read. */
export type LedgerRecord = Selectable<TransactionsTable>;

export type LedgerType =
  | 'video_license_purchase'
  | 'video_license_sale'
  | 'video_license_sale_referral_bonus';

export interface LedgerEntry {
  userId: string;
  type: LedgerType;
  amountCents: number;
  currency: string;
  licenseRequestId: string;
  /** For a referral bonus: the referred creator whose first sale earned it. */
  referredUserId?: string;
  /** When an earning may be withdrawn. */
  availableAt?: Date;
}

/**
 * The ledger (SPEC 4.3, DESIGN "Money"): the only writer of `transactions`. Amounts are positive integer
 * cents; the type says which way the money goes. Balances are derived from these rows, never stored.
 * What the writes are checked against is read here too (balances, a request's rows, the withdrawal delay);
 * the histories, lists and totals are ledger-reports.repository.ts.
 */
export function ledgerRepository(db: Executor) {
  const values = (entry: LedgerEntry) => ({
    user_id: entry.userId,
    type: entry.type,
    status: 'completed',
    amount_cents: entry.amountCents,
    currency: entry.currency,
    license_request_id: entry.licenseRequestId,
    referred_user_id: entry.referredUserId ?? null,
    available_at: entry.availableAt ?? null,
  });
  return {
    /** A row of a sale; the unique (request, type) index refuses a second one loudly. */
    async add(entry: LedgerEntry): Promise<void> {
      await db.insertInto('transactions').values(values(entry)).execute();
    },

    /**
     * The referral bonus of a creator's first sale, unless one exists: two first sales committing at
     * once both get here, and the unique index lets one row in while the other does nothing (no error,
     * so its transaction, the sale itself, goes on). True when this call wrote it.
     */
    async addReferralBonusOnce(entry: LedgerEntry & { referredUserId: string }): Promise<boolean> {
      const row = await db
        .insertInto('transactions')
        .values(values({ ...entry, type: 'video_license_sale_referral_bonus' }))
        .onConflict((oc) =>
          // The inference must name the partial index's whole predicate (migration 0017)
          oc
            .column('referred_user_id')
            .where('type', '=', 'video_license_sale_referral_bonus')
            .where('reverses_id', 'is', null)
            .doNothing(),
        )
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Whether the creator sold before (another request's completed sale): the bonus is for the first. */
    async hasEarlierSale(creatorId: string, exceptRequestId: string): Promise<boolean> {
      const row = await db
        .selectFrom('transactions')
        .select('id')
        .where('user_id', '=', creatorId)
        .where('type', '=', 'video_license_sale')
        .where('license_request_id', '!=', exceptRequestId)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The rows one license request wrote. */
    forRequest(licenseRequestId: string) {
      return db
        .selectFrom('transactions')
        .selectAll()
        .where('license_request_id', '=', licenseRequestId)
        .orderBy('created_at')
        .execute();
    },

    /**
     * A user's balances per currency, by the rule of `common/ledger.ts` (`balancesFromRows`) written in
     * SQL; `npm run ledger:check` holds the two equal.
     */
    async balances(userId: string, now: Date = new Date()): Promise<Balance[]> {
      const effect = sql<number>`(case when type in (${sql.join(CREDIT_TYPES)}) then 1 when type in (${sql.join(DEBIT_TYPES)}) then -1 else 0 end)
        * (case when reverses_id is not null then -1 when status in ('cancelled', 'reverted') then 0 else 1 end)
        * amount_cents`;
      const pending = sql<boolean>`(type in (${sql.join(CREDIT_TYPES)}) and available_at is not null and available_at > ${now})`;
      const rows = await db
        .selectFrom('transactions')
        .select([
          'currency',
          sql<string>`coalesce(sum(case when ${pending} then 0 else ${effect} end), 0)`.as('available'),
          sql<string>`coalesce(sum(case when ${pending} then ${effect} else 0 end), 0)`.as('pending'),
          sql<string>`coalesce(sum(case when type = 'withdrawal' and reverses_id is null and status in ('pending', 'processing') then amount_cents else 0 end), 0)`.as(
            'reserved',
          ),
        ])
        .where('user_id', '=', userId)
        .groupBy('currency')
        .orderBy('currency')
        .execute();
      return rows.map((row) => ({
        currency: row.currency,
        availableCents: Number(row.available),
        pendingCents: Number(row.pending),
        reservedCents: Number(row.reserved),
      }));
    },

    /** The reservation of a new withdrawal request: a `withdrawal` row in `pending`. */
    async addWithdrawal(entry: {
      userId: string;
      amountCents: number;
      currency: string;
      withdrawalRequestId: string;
    }): Promise<void> {
      await db
        .insertInto('transactions')
        .values({
          user_id: entry.userId,
          type: 'withdrawal',
          status: 'pending',
          amount_cents: entry.amountCents,
          currency: entry.currency,
          withdrawal_request_id: entry.withdrawalRequestId,
        })
        .execute();
    },

    // --- Back office: withdrawals decided by admins, adjustments, refunds. -------------------------

    /**
     * Moves a withdrawal's reservation row (not its counter-rows) from one of `from` to `to`: processing
     * while the payout is made, completed when paid, cancelled (released) on a rejection, reverted when
     * the payout failed (it never moved money). False when the row was not in `from`.
     */
    async moveWithdrawalRow(
      withdrawalRequestId: string,
      from: readonly string[],
      to: string,
    ): Promise<boolean> {
      const result = await db
        .updateTable('transactions')
        .set({ status: to, updated_at: sql<Date>`now()` })
        .where('withdrawal_request_id', '=', withdrawalRequestId)
        .where('reverses_id', 'is', null)
        .where('status', 'in', [...from])
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** An admin's credit (income_transfer) or debit (outgoing_transfer) of a user, with why. */
    async addAdjustment(entry: {
      userId: string;
      type: 'income_transfer' | 'outgoing_transfer';
      amountCents: number;
      currency: string;
      createdBy: string;
      reason: string;
    }): Promise<string> {
      const row = await db
        .insertInto('transactions')
        .values({
          user_id: entry.userId,
          type: entry.type,
          status: 'completed',
          amount_cents: entry.amountCents,
          currency: entry.currency,
          created_by: entry.createdBy,
          reason: entry.reason,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /**
     * The counter-row of `rowId` (a refund): same user, type, amount, currency and available_at, status
     * `reverted`, pointing at it. The unique index on `reverses_id` refuses a second counter-row.
     */
    async addReversal(rowId: string, by: { createdBy: string; reason: string }): Promise<string> {
      const row = await db
        .insertInto('transactions')
        .columns([
          'user_id',
          'type',
          'status',
          'amount_cents',
          'currency',
          'license_request_id',
          'referred_user_id',
          'available_at',
          'reverses_id',
          'created_by',
          'reason',
        ])
        .expression((eb) =>
          eb
            .selectFrom('transactions as o')
            .select([
              'o.user_id',
              'o.type',
              sql<string>`'reverted'`.as('status'),
              'o.amount_cents',
              'o.currency',
              'o.license_request_id',
              'o.referred_user_id',
              'o.available_at',
              'o.id',
              sql<string>`${by.createdBy}`.as('created_by'),
              sql<string>`${by.reason}`.as('reason'),
            ])
            .where('o.id', '=', rowId),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** A setting of the withdrawal policy (app_settings), a number of days. */
    async withdrawalDelayDays(): Promise<number> {
      const row = await db
        .selectFrom('app_settings')
        .select('value')
        .where('key', '=', 'withdrawal_delay_days')
        .executeTakeFirst();
      const days = Number(row?.value);
      return Number.isInteger(days) && days >= 0 ? days : 30;
    },
  };
}

/**
 * Serialises the money movements of one user: taken inside the transaction that checks a balance and
 * writes a row, so two requests (or two app instances) can never both spend the same cents. A row lock
 * on the user, held until the transaction ends.
 */
export async function lockUserLedger(trx: Tx, userId: string): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
}
