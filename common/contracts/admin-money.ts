import { z } from 'zod';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../video-status';
import { currencyCode } from './admin-settings';
import { amountField } from './amount-field';
import { cursorPage } from './cursor-page';
import { ledgerRowFields, WITHDRAWAL_STATUSES } from './earnings';

/** Limits of the back office's free texts. */
export const ADMIN_MONEY_LIMITS = {
  reasonMax: 1000,
  referenceMax: 200,
  maxAdjustmentCents: 100_000_000,
} as const;

const listLimit = z.coerce.number().int().min(1).max(100).default(25);
const cursor = z.string().max(200).optional();

export const withdrawalParams = z.object({ id: z.string().uuid() });

/** `GET /api/admin/withdrawal-requests`: oldest first, optionally of one status. */
export const adminWithdrawalsQuery = z.object({
  limit: listLimit,
  cursor,
  status: z.enum(WITHDRAWAL_STATUSES).optional(),
});
export type AdminWithdrawalsQuery = z.infer<typeof adminWithdrawalsQuery>;

const userRef = z.object({ id: z.string(), email: z.string(), name: z.string() });

export const adminWithdrawal = z.object({
  id: z.string(),
  user: userRef,
  amountCents: z.number().int(),
  currency: z.string(),
  method: z.enum(['paypal', 'bank_transfer']),
  status: z.enum(WITHDRAWAL_STATUSES),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** The member's account is disabled: a pending request is held (shown in the queue). */
  memberDisabled: z.boolean(),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawal>;

export const adminWithdrawalList = cursorPage(adminWithdrawal);

export const balance = z.object({
  currency: z.string(),
  availableCents: z.number().int(),
  pendingCents: z.number().int(),
  reservedCents: z.number().int(),
});

/** A ledger row as staff see it: the amount as stored. */
export const ledgerRow = z.object({ ...ledgerRowFields, amountCents: z.number().int() });
export type LedgerRow = z.infer<typeof ledgerRow>;

export const WITHDRAWAL_HOLDS = ['balance_below_zero', 'member_disabled'] as const;

export const adminWithdrawalDetail = adminWithdrawal.extend({
  payoutDetails: z.object({
    email: z.string().optional(),
    iban: z.string().optional(),
    holder: z.string().optional(),
  }),
  payoutProvider: z.string().nullable(),
  payoutReference: z.string().nullable(),
  rejectReason: z.string().nullable(),
  failureReason: z.string().nullable(),
  balances: z.array(balance),
  recentTransactions: z.array(ledgerRow),
  /** Pay without a reference goes through the configured provider (PayPal); otherwise it is manual. */
  automaticPayout: z.boolean(),
  /**
   * Why a pending request may not be paid now (Pay is refused): a refund left the member's available
   * balance below zero, or the member is disabled; null when it may be paid.
   */
  hold: z.enum(WITHDRAWAL_HOLDS).nullable(),
});
export type AdminWithdrawalDetail = z.infer<typeof adminWithdrawalDetail>;

/** `POST /api/admin/withdrawal-requests/{id}/pay`: a reference records a transfer made elsewhere. */
export const payWithdrawalInput = z.object({
  reference: z
    .string()
    .trim()
    .max(ADMIN_MONEY_LIMITS.referenceMax, { error: 'adminMoney.errors.referenceTooLong' })
    .optional(),
});

const reason = z
  .string({ error: 'adminMoney.errors.reasonRequired' })
  .trim()
  .min(1, { error: 'adminMoney.errors.reasonRequired' })
  .max(ADMIN_MONEY_LIMITS.reasonMax, { error: 'adminMoney.errors.reasonTooLong' });

/** `POST /api/admin/withdrawal-requests/{id}/reject` */
export const rejectWithdrawalInput = z.object({ reason });

export const withdrawalDecision = z.object({ status: z.enum(WITHDRAWAL_STATUSES) });
export type WithdrawalDecision = z.infer<typeof withdrawalDecision>;

/** The filter of `/api/admin/transactions` and its CSV. */
export const adminTransactionsFilter = z.object({
  type: z.enum(TRANSACTION_TYPES).optional(),
  status: z.enum(TRANSACTION_STATUSES).optional(),
  /** A user's id or e-mail. */
  user: z.string().trim().max(320).optional(),
  /** Created on or after this day (YYYY-MM-DD, UTC). */
  from: z.iso.date().optional(),
  /** Created on or before this day (YYYY-MM-DD, UTC). */
  to: z.iso.date().optional(),
});
export type AdminTransactionsFilter = z.infer<typeof adminTransactionsFilter>;

export const adminTransactionsQuery = adminTransactionsFilter.extend({ limit: listLimit, cursor });
export type AdminTransactionsQuery = z.infer<typeof adminTransactionsQuery>;

export const adminLedgerRow = ledgerRow.extend({ user: userRef, createdBy: z.string().nullable() });
export type AdminLedgerRow = z.infer<typeof adminLedgerRow>;

export const typeTotal = z.object({
  type: z.enum(TRANSACTION_TYPES),
  currency: z.string(),
  totalCents: z.number().int(),
  count: z.number().int(),
});

export const adminTransactionList = z.object({
  items: z.array(adminLedgerRow),
  nextCursor: z.string().nullable(),
  /** Per type and currency, over the whole filter (not only this page). */
  totals: z.array(typeTotal),
});
export type AdminTransactionList = z.infer<typeof adminTransactionList>;

/** `POST /api/admin/transactions`: an admin's credit or debit of a user, with a reason. */
export const adjustmentInput = z.object({
  user: z.string().trim().min(1, { error: 'adminMoney.errors.userRequired' }).max(320),
  type: z.enum(['income_transfer', 'outgoing_transfer']),
  amountCents: z
    .number()
    .int()
    .min(1, { error: 'adminMoney.errors.amountPositive' })
    .max(ADMIN_MONEY_LIMITS.maxAdjustmentCents),
  currency: currencyCode,
  reason,
});
export type AdjustmentInput = z.infer<typeof adjustmentInput>;

/** The adjustment form: `adjustmentInput` with the amount as the admin types it. */
export const adjustmentForm = adjustmentInput.omit({ amountCents: true }).extend({
  amount: amountField(
    { required: 'adminMoney.errors.amountPositive', invalid: 'adminSettings.errors.amountInvalid' },
    ADMIN_MONEY_LIMITS.maxAdjustmentCents,
  ),
});
export type AdjustmentFormValues = z.input<typeof adjustmentForm>;

export const adjustmentResult = z.object({ id: z.string() });
export type AdjustmentResult = z.infer<typeof adjustmentResult>;
