import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { LANGUAGES } from '../constants';
import { MONTH_PATTERN } from '../months';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../video-status';
import { currencyCode } from './admin-settings';
import { amountField } from './amount-field';
import { cursorPage } from './cursor-page';

/** Earnings and withdrawals of the signed-in user (SPEC 2.1 /me/transactions, 2.6, DESIGN "Withdrawals"). */

export const balance = z.object({
  currency: z.string(),
  availableCents: z.number().int(),
  pendingCents: z.number().int(),
  reservedCents: z.number().int(),
});
export type BalanceView = z.infer<typeof balance>;

/** An earning still inside the withdrawal delay, and when it becomes withdrawable. */
export const pendingEarning = z.object({
  id: z.string(),
  type: z.enum(TRANSACTION_TYPES),
  /** Signed: a counter-row of a pending earning takes it back. */
  amountCents: z.number().int(),
  currency: z.string(),
  availableAt: z.string(),
});

export const withdrawalPolicy = z.object({
  minimumCents: z.number().int(),
  delayDays: z.number().int(),
});
export type WithdrawalPolicy = z.infer<typeof withdrawalPolicy>;

export const balancesResponse = z.object({
  balances: z.array(balance),
  pendingEarnings: z.array(pendingEarning),
  policy: withdrawalPolicy,
});
export type BalancesResponse = z.infer<typeof balancesResponse>;

/** Filters of /me/transactions and its CSV export. */
export const transactionFilters = {
  type: z.enum(TRANSACTION_TYPES).optional(),
  status: z.enum(TRANSACTION_STATUSES).optional(),
  /** The rows of one license sale (a sale, its refund): where a creator's sale receipt leads. */
  sale: z.string().max(100).optional(),
};
export const myTransactionsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(200).optional(),
  ...transactionFilters,
});
export type MyTransactionsQuery = z.infer<typeof myTransactionsQuery>;
/** The export: the same filters, and the language of its labels. */
export const myTransactionsExportQuery = z.object({
  ...transactionFilters,
  lang: z.enum(LANGUAGES).default('en'),
});
export type MyTransactionsExportQuery = z.infer<typeof myTransactionsExportQuery>;

/** What every view of a ledger row shows; the sign of its amount is the view's own. */
export const ledgerRowFields = {
  id: z.string(),
  type: z.enum(TRANSACTION_TYPES),
  status: z.enum(TRANSACTION_STATUSES),
  currency: z.string(),
  createdAt: z.string(),
  availableAt: z.string().nullable(),
  /** The row this one undoes (a refund, a payout that came back). */
  reversesId: z.string().nullable(),
  licenseRequestId: z.string().nullable(),
  withdrawalRequestId: z.string().nullable(),
  reason: z.string().nullable(),
};

export const ledgerEntry = z.object({
  ...ledgerRowFields,
  /** Signed for the reader: money in positive, money out negative, a counter-row opposite to its type. */
  amountCents: z.number().int(),
  /** Whether the caller may open the license request (the buyer; a seller sees the video title only). */
  licenseRequestVisible: z.boolean(),
  videoTitle: z.string().nullable(),
});
export type LedgerEntryView = z.infer<typeof ledgerEntry>;
export const ledgerPage = cursorPage(ledgerEntry);

/** The statuses of a withdrawal request (migration 0017). */
export const WITHDRAWAL_STATUSES = [
  'pending',
  'processing',
  'completed',
  'rejected',
  'cancelled',
  'failed',
] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];
export const PAYOUT_METHODS = ['paypal', 'bank_transfer'] as const;

/** The IBAN as banks store it: no spaces, upper case. */
export const electronicIban = (value: string) => electronicFormatIBAN(value) ?? '';

/** An IBAN as people write it (spaces, lower case) checked by its country length and check digits. */
export const ibanText = z
  .string()
  .trim()
  .max(64)
  .refine((value) => isValidIBAN(electronicIban(value)), { error: 'withdrawals.errors.iban' });

const WITHDRAWAL_MAX_CENTS = 100_000_000;
const toPaypal = z.object({
  method: z.literal('paypal'),
  amountCents: z.number().int().positive().max(WITHDRAWAL_MAX_CENTS),
  currency: currencyCode,
  email: z
    .string()
    .trim()
    .max(254)
    .pipe(z.email({ error: 'withdrawals.errors.email' })),
});
const toBank = z.object({
  method: z.literal('bank_transfer'),
  amountCents: z.number().int().positive().max(WITHDRAWAL_MAX_CENTS),
  currency: currencyCode,
  iban: ibanText,
  holder: z.string().trim().min(3, { error: 'withdrawals.errors.holder' }).max(100),
});

export const withdrawalRequestInput = z.discriminatedUnion('method', [toPaypal, toBank]);
export type WithdrawalRequestInput = z.infer<typeof withdrawalRequestInput>;

/** The Withdraw dialog: `withdrawalRequestInput` with the amount as the member types it. */
const typedAmount = amountField(
  { required: 'withdrawals.errors.amount', invalid: 'withdrawals.errors.amount' },
  WITHDRAWAL_MAX_CENTS,
);
export const withdrawalForm = z.discriminatedUnion('method', [
  toPaypal.omit({ amountCents: true }).extend({ amount: typedAmount }),
  toBank.omit({ amountCents: true }).extend({ amount: typedAmount }),
]);
/** What the dialog holds: every method's fields, of which the chosen method's are sent. */
export interface WithdrawalFormValues {
  method: (typeof PAYOUT_METHODS)[number];
  amount: string;
  currency: string;
  email: string;
  iban: string;
  holder: string;
}

/** The request a valid dialog sends. */
export function withdrawalRequestOf(values: WithdrawalFormValues): WithdrawalRequestInput {
  const { amount, ...rest } = withdrawalForm.parse(values);
  return { ...rest, amountCents: amount };
}

export const withdrawalRequestParams = z.object({ withdrawalRequestId: z.string().min(1).max(64) });
export const myWithdrawalsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(48).default(10),
  cursor: z.string().max(200).optional(),
});
export type MyWithdrawalsQuery = z.infer<typeof myWithdrawalsQuery>;

/** A withdrawal request as its owner sees it: the payout address partly masked. */
export const myWithdrawal = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  method: z.enum(PAYOUT_METHODS),
  /** The e-mail or IBAN, masked (m•••@example.com, CY17 •••• 7600). */
  payoutTo: z.string(),
  status: z.enum(WITHDRAWAL_STATUSES),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  rejectReason: z.string().nullable(),
  payoutReference: z.string().nullable(),
});
export type MyWithdrawal = z.infer<typeof myWithdrawal>;
export const myWithdrawalList = cursorPage(myWithdrawal);

/** A monthly statement's month (UTC), YYYY-MM. */
export const statementParams = z.object({
  month: z.string().regex(MONTH_PATTERN, 'errors.VALIDATION_FAILED').describe('YYYY-MM'),
});
/** The months a member may download a statement of, newest first (their first balance row's to this one). */
export const statementMonths = z.object({ months: z.array(z.string()) });
export type StatementMonths = z.infer<typeof statementMonths>;
