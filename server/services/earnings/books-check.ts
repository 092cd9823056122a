import type { Executor } from '../../repositories/executor';
import { ledgerReportsRepository } from '../../repositories/ledger-reports.repository';

type BooksRow = Awaited<ReturnType<ReturnType<typeof ledgerReportsRepository>['rowsForBooks']>>[number];

/** What the platform took in, paid on and kept in one currency, counter-rows subtracted. */
export interface PlatformBooks {
  currency: string;
  /** What buyers paid for licenses that stand (purchases less refunds). */
  paidCents: number;
  /** Creators' shares and referral bonuses of those sales. */
  earnedCents: number;
  /** The platform's part: paid less earned, never below zero. */
  keptCents: number;
}

export interface BooksReport {
  /** One sentence per rule a row breaks; empty when the books hold. */
  breaches: string[];
  platform: PlatformBooks[];
}

const SALE_TYPES = ['video_license_purchase', 'video_license_sale', 'video_license_sale_referral_bonus'];
/** An amount as the check's messages write it: 120.00 EUR. */
export const cents = (amount: number, currency: string) => `${(amount / 100).toFixed(2)} ${currency}`;

/** A counter-row undoes exactly one row, and copies it: same user, type, amount, currency and subject. */
function counterRowBreaches(row: BooksRow): string[] {
  if (row.undone_type === null) return [`row ${row.id} reverses ${row.reverses_id}, which does not exist`];
  const same =
    row.undone_user_id === row.user_id &&
    row.undone_type === row.type &&
    row.undone_amount_cents === row.amount_cents &&
    row.undone_currency === row.currency &&
    row.undone_license_request_id === row.license_request_id &&
    row.undone_withdrawal_request_id === row.withdrawal_request_id;
  const breaches = same ? [] : [`row ${row.id} does not copy the row it reverses (${row.reverses_id})`];
  if (row.undone_reverses_id !== null) breaches.push(`row ${row.id} reverses a counter-row`);
  return breaches;
}

/** A withdrawal row reserves exactly its request's amount, for its owner. */
function withdrawalBreaches(row: BooksRow): string[] {
  const same =
    row.withdrawal_user_id === row.user_id &&
    row.withdrawal_amount_cents === row.amount_cents &&
    row.withdrawal_currency === row.currency;
  return same ? [] : [`withdrawal row ${row.id} differs from its request ${row.withdrawal_request_id}`];
}

/**
 * One sale's rows: the buyer paid exactly the price; the creator's share and a referral bonus never
 * exceed it; a sale exists only where a purchase does; a refunded sale has every row undone, a
 * standing one none.
 */
function saleBreaches(requestId: string, rows: BooksRow[]): string[] {
  const breaches: string[] = [];
  const originals = rows.filter((row) => row.reverses_id === null);
  const purchase = originals.find((row) => row.type === 'video_license_purchase');
  const first = rows[0]!;
  const where = `license request ${requestId}`;
  if (!purchase) return [`${where} has earnings but no purchase`];
  if (purchase.user_id !== first.request_buyer_id) breaches.push(`${where}: the purchase is not the buyer's`);
  if (purchase.amount_cents !== first.request_price_cents) {
    breaches.push(
      `${where}: the buyer paid ${cents(purchase.amount_cents, purchase.currency)}, the price is ${first.request_price_cents}`,
    );
  }
  if (rows.some((row) => row.currency !== first.request_currency))
    breaches.push(`${where}: a row is not in the request's currency`);
  const sale = originals.find((row) => row.type === 'video_license_sale');
  if (sale && sale.user_id !== first.video_owner_id)
    breaches.push(`${where}: the creator's share went to someone other than the video's owner`);
  const earned = originals
    .filter((row) => row.type !== 'video_license_purchase')
    .reduce((sum, row) => sum + row.amount_cents, 0);
  if (earned > purchase.amount_cents) {
    breaches.push(
      `${where}: shares of ${cents(earned, purchase.currency)} exceed the ${cents(purchase.amount_cents, purchase.currency)} paid`,
    );
  }
  const refunded = first.request_refunded_at !== null;
  if (!refunded && first.request_status !== 'completed')
    breaches.push(`${where} has a purchase but is ${first.request_status}`);
  const undone = new Set(rows.map((row) => row.reverses_id).filter(Boolean));
  if (refunded && originals.some((row) => !undone.has(row.id)))
    breaches.push(`${where} was refunded but a row of its sale stands`);
  if (!refunded && undone.size > 0) breaches.push(`${where} has counter-rows but was not refunded`);
  return breaches;
}

/** The platform's books from every row, per currency (a counter-row subtracts what it undoes). */
function platformBooks(rows: BooksRow[]): PlatformBooks[] {
  const byCurrency = new Map<string, Omit<PlatformBooks, 'keptCents'>>();
  for (const row of rows) {
    if (!SALE_TYPES.includes(row.type)) continue;
    const books = byCurrency.get(row.currency) ?? { currency: row.currency, paidCents: 0, earnedCents: 0 };
    const signed = row.reverses_id === null ? row.amount_cents : -row.amount_cents;
    if (row.type === 'video_license_purchase') books.paidCents += signed;
    else books.earnedCents += signed;
    byCurrency.set(row.currency, books);
  }
  return [...byCurrency.values()]
    .map((books) => ({ ...books, keptCents: books.paidCents - books.earnedCents }))
    .sort((a, b) => a.currency.localeCompare(b.currency));
}

/** The rules of the books, over rows as `rowsForBooks` reads them. */
export function booksReport(rows: BooksRow[]): BooksReport {
  const breaches: string[] = [];
  const sales = new Map<string, BooksRow[]>();
  for (const row of rows) {
    if (row.reverses_id !== null) breaches.push(...counterRowBreaches(row));
    else if (row.type === 'withdrawal') breaches.push(...withdrawalBreaches(row));
    if (SALE_TYPES.includes(row.type)) {
      if (row.license_request_id === null)
        breaches.push(`${row.type} row ${row.id} names no license request`);
      else sales.set(row.license_request_id, [...(sales.get(row.license_request_id) ?? []), row]);
    }
  }
  for (const [requestId, saleRows] of sales) breaches.push(...saleBreaches(requestId, saleRows));
  const platform = platformBooks(rows);
  for (const books of platform) {
    if (books.keptCents < 0) breaches.push(`the platform paid out more ${books.currency} than it took in`);
  }
  return { breaches, platform };
}

/**
 * Conservation (`npm run ledger:check`, and after every money route test file): money is neither made
 * nor lost between the buyer, the creator, the referrer and the platform.
 */
export async function checkBooks(db: Executor): Promise<BooksReport> {
  return booksReport(await ledgerReportsRepository(db).rowsForBooks());
}
