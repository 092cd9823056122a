import type { TRANSACTION_STATUSES, TRANSACTION_TYPES } from './video-status';

export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** Money in: earnings, top-ups and admin credits. */
export const CREDIT_TYPES = [
  'video_license_sale',
  'video_license_sale_referral_bonus',
  'income_transfer',
  'balance_top_up',
] as const satisfies readonly TransactionType[];
/** Money out of the balance: withdrawals and admin debits. */
export const DEBIT_TYPES = ['withdrawal', 'outgoing_transfer'] as const satisfies readonly TransactionType[];
// `video_license_purchase` is the buyer's record of what they paid through the payment provider: it
// never touches a balance.

/** One user's balance in one currency, in cents. Available may be negative: a refund can leave a debt. */
export interface Balance {
  currency: string;
  /** Withdrawable now: earnings past the withdrawal delay, minus withdrawals reserved or paid. */
  availableCents: number;
  /** Earnings still inside the withdrawal delay. */
  pendingCents: number;
  /** Held by open withdrawal requests (already left out of available). */
  reservedCents: number;
}

export interface LedgerRowForBalance {
  type: string;
  status: string;
  amountCents: number;
  currency: string;
  availableAt: Date | null;
  reversesId: string | null;
}

export const direction = (type: string): 1 | -1 | 0 =>
  (CREDIT_TYPES as readonly string[]).includes(type)
    ? 1
    : (DEBIT_TYPES as readonly string[]).includes(type)
      ? -1
      : 0;

/**
 * What one row does to its owner's balance, in signed cents. A counter-row (`reversesId`) undoes its
 * row; a cancelled or reverted row that is not a counter-row never moved money (a released
 * reservation, a payout that failed).
 */
export function rowEffect(row: LedgerRowForBalance): number {
  const sign = row.reversesId ? -1 : row.status === 'cancelled' || row.status === 'reverted' ? 0 : 1;
  return direction(row.type) * sign * row.amountCents;
}

/** Earnings (and their counter-rows, which copy the date) still inside the withdrawal delay. */
export const isPendingEarning = (row: LedgerRowForBalance, now: Date) =>
  direction(row.type) === 1 && row.availableAt !== null && row.availableAt.getTime() > now.getTime();

/** A withdrawal's reservation while the payout is not decided. */
export const isReservation = (row: LedgerRowForBalance) =>
  row.type === 'withdrawal' && !row.reversesId && (row.status === 'pending' || row.status === 'processing');

/**
 * The balance rule, written once in TypeScript: the ledger repository computes the same in SQL for the
 * screens, and the ledger check (`npm run ledger:check`) compares the two for every user.
 */
export function balancesFromRows(rows: LedgerRowForBalance[], now: Date): Balance[] {
  const byCurrency = new Map<string, Balance>();
  for (const row of rows) {
    const balance = byCurrency.get(row.currency) ?? {
      currency: row.currency,
      availableCents: 0,
      pendingCents: 0,
      reservedCents: 0,
    };
    const effect = rowEffect(row);
    if (isPendingEarning(row, now)) balance.pendingCents += effect;
    else balance.availableCents += effect;
    if (isReservation(row)) balance.reservedCents += row.amountCents;
    byCurrency.set(row.currency, balance);
  }
  return [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

/**
 * The sign a row's amount is shown with in a history: money in positive, money out (withdrawals,
 * debits, and a buyer's purchase) negative; a counter-row shows the opposite sign of its type.
 */
export function shownSign(row: { type: string; reversesId: string | null }): 1 | -1 {
  const base = direction(row.type) === 1 ? 1 : -1;
  return (row.reversesId ? -base : base) as 1 | -1;
}

/** A stored row's amount with its shown sign (histories, the admin's ledger, every CSV). */
export const shownAmount = (row: { type: string; reverses_id: string | null; amount_cents: number }) =>
  shownSign({ type: row.type, reversesId: row.reverses_id }) * row.amount_cents;
