import { balancesFromRows, type LedgerRowForBalance, rowEffect } from '../../../common/ledger';
import type { StatementRow } from '../../repositories/statements.repository';

/** The parts of a statement, in the order it lists them. */
export const STATEMENT_SECTIONS = [
  'sales',
  'referralBonuses',
  'refunds',
  'withdrawals',
  'adjustments',
] as const;
export type StatementSection = (typeof STATEMENT_SECTIONS)[number];

/** One movement of the month: what it was and what it did to the balance, in signed cents. */
export interface StatementLine {
  at: Date;
  type: string;
  status: string;
  /** A counter-row: a refund of a sale or bonus, or an admin's reversal of another row. */
  reversal: boolean;
  videoTitle: string | null;
  /** An admin's adjustment says why (the member sees it in their history too). */
  reason: string | null;
  effectCents: number;
}

export interface CurrencyStatement {
  currency: string;
  openingCents: number;
  sections: { section: StatementSection; lines: StatementLine[]; totalCents: number }[];
  closingCents: number;
  /** Of the closing balance, the earnings still inside the withdrawal delay at the period's end. */
  pendingCents: number;
}

export interface MonthlyStatement {
  month: string;
  /** The month's first instant, and the period's end (exclusive): the next month's start, or now. */
  from: Date;
  until: Date;
  currencies: CurrencyStatement[];
}

const isEarning = (type: string) =>
  type === 'video_license_sale' || type === 'video_license_sale_referral_bonus';

/** Which part of the statement a row belongs to. */
export function sectionOf(row: { type: string; reverses_id: string | null }): StatementSection {
  if (isEarning(row.type) && row.reverses_id) return 'refunds';
  if (row.type === 'video_license_sale') return 'sales';
  if (row.type === 'video_license_sale_referral_bonus') return 'referralBonuses';
  if (row.type === 'withdrawal') return 'withdrawals';
  return 'adjustments';
}

const forBalance = (row: StatementRow): LedgerRowForBalance => ({
  type: row.type,
  status: row.status,
  amountCents: row.amount_cents,
  currency: row.currency,
  availableAt: row.available_at === null ? null : new Date(row.available_at),
  reversesId: row.reverses_id,
});

/**
 * One member's statement of one month from their rows written before `until`: per currency, the opening
 * balance (every earlier row's effect), the month's rows by section and the closing balance. Each effect
 * is `rowEffect`, the ledger's own rule, so the closing balance is what the ledger gives at `until`
 * (available plus pending), by construction. A row's effect follows its status now: a withdrawal
 * rejected after the month counts nothing in that month's statement either.
 */
export function buildStatement(
  rows: StatementRow[],
  month: string,
  from: Date,
  until: Date,
): MonthlyStatement {
  const currencies = [...new Set(rows.map((row) => row.currency))].sort();
  const statements = currencies.map((currency): CurrencyStatement => {
    const own = rows.filter((row) => row.currency === currency);
    const before = own.filter((row) => new Date(row.created_at) < from);
    const during = own.filter((row) => new Date(row.created_at) >= from);
    const openingCents = before.reduce((sum, row) => sum + rowEffect(forBalance(row)), 0);
    const sections = STATEMENT_SECTIONS.map((section) => {
      const lines = during.filter((row) => sectionOf(row) === section).map(lineOf);
      return { section, lines, totalCents: lines.reduce((sum, line) => sum + line.effectCents, 0) };
    }).filter((section) => section.lines.length > 0);
    const closingCents = openingCents + sections.reduce((sum, section) => sum + section.totalCents, 0);
    const [balance] = balancesFromRows(own.map(forBalance), until);
    return { currency, openingCents, sections, closingCents, pendingCents: balance?.pendingCents ?? 0 };
  });
  return {
    month,
    from,
    until,
    // A currency that the month did not touch and that ends at zero has nothing to say.
    currencies: statements.filter((entry) => entry.sections.length > 0 || entry.closingCents !== 0),
  };
}

function lineOf(row: StatementRow): StatementLine {
  return {
    at: new Date(row.created_at),
    type: row.type,
    status: row.status,
    reversal: row.reverses_id !== null,
    videoTitle: row.video_title,
    reason: sectionOf(row) === 'adjustments' ? row.reason : null,
    // A row that moved nothing (a released reservation) is 0, never -0 ("-€0.00").
    effectCents: rowEffect(forBalance(row)) || 0,
  };
}

/** Whether a month's statement is worth mailing: the month moved money, or a balance is left. */
export const isWorthMailing = (statement: MonthlyStatement) => statement.currencies.length > 0;
