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

    /**
     * One user's rows for their history, newest first, one more than asked; with the video title of a
     * license row and whether the user is that request's buyer (who may open it).
     */
    history(
      userId: string,
      filters: { type?: string; status?: string; limit?: number; afterId?: string | null },
    ) {
      let query = db
        .selectFrom('transactions as t')
        .leftJoin('license_requests as lr', 'lr.id', 't.license_request_id')
        .leftJoin('videos as v', 'v.id', 'lr.video_id')
        .selectAll('t')
        .select(['lr.buyer_id', 'v.title as video_title'])
        .where('t.user_id', '=', userId)
        .orderBy('t.created_at', 'desc')
        .orderBy('t.id', 'desc');
      if (filters.type) query = query.where('t.type', '=', filters.type);
      if (filters.status) query = query.where('t.status', '=', filters.status);
      if (filters.afterId) {
        query = query.where(
          sql<boolean>`(t.created_at, t.id) < (select x.created_at, x.id from transactions x where x.id = ${filters.afterId} and x.user_id = ${userId})`,
        );
      }
      if (filters.limit !== undefined) query = query.limit(filters.limit + 1);
      return query.execute();
    },

    /**
     * Earnings still inside the withdrawal delay, soonest first. A refunded one and its counter-row (which
     * copies its date) cancel out, so neither is listed: what becomes available is only what stands.
     */
    pendingEarnings(userId: string, now: Date = new Date()) {
      return db
        .selectFrom('transactions')
        .selectAll()
        .where('user_id', '=', userId)
        .where('type', 'in', [...CREDIT_TYPES])
        .where('available_at', '>', now)
        .where(STANDING)
        .orderBy('available_at')
        .orderBy('id')
        .execute();
    },

    /** Every row of one user, as the balance rule reads them (the ledger check). */
    rowsForBalance(userId: string) {
      return db
        .selectFrom('transactions')
        .select(['type', 'status', 'amount_cents', 'currency', 'available_at', 'reverses_id'])
        .where('user_id', '=', userId)
        .execute();
    },

    /**
     * Every row with what it must agree with (the books check): its license request and that video's
     * owner, the row a counter-row undoes, the withdrawal request a withdrawal row reserves for.
     */
    rowsForBooks() {
      return db
        .selectFrom('transactions as t')
        .leftJoin('license_requests as lr', 'lr.id', 't.license_request_id')
        .leftJoin('videos as v', 'v.id', 'lr.video_id')
        .leftJoin('transactions as o', 'o.id', 't.reverses_id')
        .leftJoin('withdrawal_requests as wr', 'wr.id', 't.withdrawal_request_id')
        .select([
          't.id',
          't.user_id',
          't.type',
          't.amount_cents',
          't.currency',
          't.license_request_id',
          't.withdrawal_request_id',
          't.reverses_id',
          'lr.price_cents as request_price_cents',
          'lr.currency as request_currency',
          'lr.buyer_id as request_buyer_id',
          'lr.status as request_status',
          'lr.refunded_at as request_refunded_at',
          'v.user_id as video_owner_id',
          'o.user_id as undone_user_id',
          'o.type as undone_type',
          'o.amount_cents as undone_amount_cents',
          'o.currency as undone_currency',
          'o.license_request_id as undone_license_request_id',
          'o.withdrawal_request_id as undone_withdrawal_request_id',
          'o.reverses_id as undone_reverses_id',
          'wr.user_id as withdrawal_user_id',
          'wr.amount_cents as withdrawal_amount_cents',
          'wr.currency as withdrawal_currency',
        ])
        .orderBy('t.created_at')
        .orderBy('t.id')
        .execute();
    },

    /** The users who have any ledger row. */
    async userIds(): Promise<string[]> {
      const rows = await db.selectFrom('transactions').select('user_id').distinct().execute();
      return rows.map((row) => row.user_id);
    },

    /**
     * For each referred user, the first sale and the bonus it earned the referrer (/me/referrals); a refunded
     * sale or bonus is no longer one.
     */
    referralBonuses(referrerId: string, referredIds: string[]) {
      if (referredIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('transactions')
        .select(['referred_user_id', 'amount_cents', 'currency', 'created_at', 'status'])
        .where('user_id', '=', referrerId)
        .where('type', '=', 'video_license_sale_referral_bonus')
        .where(STANDING)
        .where('referred_user_id', 'in', referredIds)
        .execute();
    },

    /** How many sales of the user's videos stand (a refunded one is no sale): the dashboard. */
    async salesCount(userId: string): Promise<number> {
      const row = await db
        .selectFrom('transactions')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('user_id', '=', userId)
        .where('type', '=', 'video_license_sale')
        .where(STANDING)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    /** When each of these users first sold (a sale that stands), for users who have. */
    firstSales(userIds: string[]) {
      if (userIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('transactions')
        .select(['user_id', (eb) => eb.fn.min('created_at').as('first_sale_at')])
        .where('user_id', 'in', userIds)
        .where('type', '=', 'video_license_sale')
        .where(STANDING)
        .groupBy('user_id')
        .execute();
    },

    // --- Back office: withdrawals decided by admins, adjustments, refunds, the admin list. ---------

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

    /** A user's newest ledger rows (the withdrawal details page, the admin's user page). */
    recentForUser(userId: string, limit: number) {
      return db
        .selectFrom('transactions')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /** Every ledger row matching the admin's filter, newest first, one page (plus one). */
    listForAdmin(filter: AdminLedgerFilter, page: { limit: number; afterId: string | null }) {
      let query = filtered(db, filter)
        .innerJoin('users as u', 'u.id', 't.user_id')
        .selectAll('t')
        .select(['u.email as user_email', 'u.name as user_name'])
        .orderBy('t.created_at', 'desc')
        .orderBy('t.id', 'desc')
        .limit(page.limit + 1);
      if (page.afterId) {
        query = query.where(
          sql<boolean>`(t.created_at, t.id) < (select c.created_at, c.id from transactions c where c.id = ${page.afterId})`,
        );
      }
      return query.execute();
    },

    /**
     * Sums of the admin's filter per type and currency (counter-rows subtract: a refunded sale sums to
     * nothing), and how many rows each has.
     */
    async totalsForAdmin(filter: AdminLedgerFilter) {
      const rows = await filtered(db, filter)
        .select([
          't.type',
          't.currency',
          sql<string>`sum(case when t.reverses_id is null then t.amount_cents else -t.amount_cents end)`.as(
            'total',
          ),
          sql<string>`count(*)`.as('count'),
        ])
        .groupBy(['t.type', 't.currency'])
        .orderBy('t.type')
        .orderBy('t.currency')
        .execute();
      return rows.map((row) => ({
        type: row.type,
        currency: row.currency,
        totalCents: Number(row.total),
        count: Number(row.count),
      }));
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

/** What the admin's transaction list is filtered by (every part optional). */
export interface AdminLedgerFilter {
  type?: string | undefined;
  status?: string | undefined;
  /** A user's id or e-mail (exact, any case). */
  user?: string | undefined;
  /** Created at or after. */
  from?: Date | undefined;
  /** Created before. */
  to?: Date | undefined;
}

/** A row that stands: not a counter-row, and undone by none (not refunded or reversed). */
const STANDING = sql<boolean>`transactions.reverses_id is null and not exists (select 1 from transactions undo where undo.reverses_id = transactions.id)`;

function filtered(db: Executor, filter: AdminLedgerFilter) {
  let query = db.selectFrom('transactions as t');
  if (filter.type) query = query.where('t.type', '=', filter.type);
  if (filter.status) query = query.where('t.status', '=', filter.status);
  if (filter.from) query = query.where('t.created_at', '>=', filter.from);
  if (filter.to) query = query.where('t.created_at', '<', filter.to);
  const user = filter.user?.trim();
  if (user) {
    query = query.where('t.user_id', 'in', (eb) =>
      eb
        .selectFrom('users')
        .select('id')
        .where((w) => w.or([w('id', '=', user), w(sql`lower(email)`, '=', user.toLowerCase())])),
    );
  }
  return query;
}

/**
 * Serialises the money movements of one user: taken inside the transaction that checks a balance and
 * writes a row, so two requests (or two app instances) can never both spend the same cents. A row lock
 * on the user, held until the transaction ends.
 */
export async function lockUserLedger(trx: Tx, userId: string): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
}
