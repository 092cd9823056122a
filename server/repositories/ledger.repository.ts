import { sql } from 'kysely';
import { type Balance, CREDIT_TYPES, DEBIT_TYPES } from '../../common/ledger';
import type { Executor, Tx } from './executor';

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
          oc.column('referred_user_id').where('type', '=', 'video_license_sale_referral_bonus').doNothing(),
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

    /** The rows one licence request wrote. */
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

    /** A user's newest ledger rows (the admin's user page). */
    latestRows(userId: string, limit: number) {
      return db
        .selectFrom('transactions')
        .select(['id', 'type', 'status', 'amount_cents', 'currency', 'reverses_id', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /**
     * The platform's figures between two instants, per type and currency (the admin dashboard): completed
     * rows that are not counter-rows add their amount, and a counter-row takes it away again when the row
     * it undoes was completed (a refund, a payout that came back). Pending, cancelled or failed rows count
     * nothing. Each row counts in the period it was written in.
     */
    async completedTotals(types: readonly string[], from: Date, to: Date) {
      const rows = await db
        .selectFrom('transactions as t')
        .leftJoin('transactions as undone', 'undone.id', 't.reverses_id')
        .select([
          't.type',
          't.currency',
          sql<string>`coalesce(sum(case
            when t.reverses_id is null and t.status = 'completed' then t.amount_cents
            when t.reverses_id is not null and undone.status = 'completed' then -t.amount_cents
            else 0 end), 0)`.as('cents'),
        ])
        .where('t.type', 'in', [...types])
        .where('t.created_at', '>=', from)
        .where('t.created_at', '<', to)
        .groupBy(['t.type', 't.currency'])
        .execute();
      return rows.map((row) => ({ type: row.type, currency: row.currency, cents: Number(row.cents) }));
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
