import { sql } from 'kysely';
import { CREDIT_TYPES } from '../../common/ledger';
import type { Executor } from './executor';
import { keysetPage } from './keyset-page';

/**
 * The ledger read back (the rows ledger.repository.ts writes): a member's history and pending earnings,
 * referral bonuses and sales, the admin's list with its totals, the dashboard's figures, and the rows the
 * ledger and books checks compare.
 */
export function ledgerReportsRepository(db: Executor) {
  return {
    /**
     * One user's rows for their history, newest first, one more than asked; with the video title of a
     * license row and whether the user is that request's buyer (who may open it).
     */
    history(
      userId: string,
      filters: { type?: string; status?: string; sale?: string; limit?: number; afterId?: string | null },
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
      if (filters.sale) query = query.where('t.license_request_id', '=', filters.sale);
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

    // --- Back office: a user's newest rows, the admin list and its totals, the dashboard's figures. ---

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
      const query = filtered(db, filter)
        .innerJoin('users as u', 'u.id', 't.user_id')
        .selectAll('t')
        .select(['u.email as user_email', 'u.name as user_name']);
      return keysetPage(query, { table: 'transactions', alias: 't' }, page).execute();
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
