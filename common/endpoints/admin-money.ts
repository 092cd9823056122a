import {
  adjustmentInput,
  adjustmentResult,
  adminTransactionList,
  adminTransactionsFilter,
  adminTransactionsQuery,
  adminWithdrawalDetail,
  adminWithdrawalList,
  adminWithdrawalsQuery,
  payWithdrawalInput,
  rejectWithdrawalInput,
  withdrawalDecision,
  withdrawalParams,
} from '../contracts/admin-money';
import { endpoint } from '../endpoint';

const tag = 'admin';

/**
 * The money back office (SPEC 2.1 /admin/withdrawal_requests and /admin/transactions), admins only:
 * withdrawal requests paid, read again at the provider or rejected; the whole ledger by filter with
 * totals per type and as CSV; and adjustments.
 */
export const adminMoneyEndpoints = {
  withdrawals: endpoint({
    method: 'GET',
    path: '/api/admin/withdrawal-requests',
    tag,
    access: 'admin',
    summary: 'Withdrawal requests, oldest first, optionally of one status (admins)',
    query: adminWithdrawalsQuery,
    answer: adminWithdrawalList,
  }),
  withdrawal: endpoint({
    method: 'GET',
    path: '/api/admin/withdrawal-requests/:id',
    tag,
    access: 'admin',
    summary: "A withdrawal request with the user's balances and newest ledger rows (admins)",
    params: withdrawalParams,
    answer: adminWithdrawalDetail,
  }),
  pay: endpoint({
    method: 'POST',
    path: '/api/admin/withdrawal-requests/:id/pay',
    tag,
    access: 'admin',
    summary: 'Pays a pending request: records a manual transfer by its reference, or pays through PayPal',
    params: withdrawalParams,
    body: payWithdrawalInput,
    answer: withdrawalDecision,
    refusals: [409],
  }),
  refresh: endpoint({
    method: 'POST',
    path: '/api/admin/withdrawal-requests/:id/refresh',
    tag,
    access: 'admin',
    summary: 'Reads a payout under way at the provider again; completes or fails it when it has',
    params: withdrawalParams,
    answer: withdrawalDecision,
    refusals: [409],
  }),
  reject: endpoint({
    method: 'POST',
    path: '/api/admin/withdrawal-requests/:id/reject',
    tag,
    access: 'admin',
    summary: 'Rejects a pending request with a reason; the amount is released and the user told',
    params: withdrawalParams,
    body: rejectWithdrawalInput,
    answer: withdrawalDecision,
    refusals: [409],
  }),
  transactions: endpoint({
    method: 'GET',
    path: '/api/admin/transactions',
    tag,
    access: 'admin',
    summary: 'Every ledger row by filter, newest first, with totals per type over the filter (admins)',
    query: adminTransactionsQuery,
    answer: adminTransactionList,
  }),
  /** A CSV file: the web app links to it, it does not call it. */
  transactionsCsv: endpoint({
    method: 'GET',
    path: '/api/admin/transactions.csv',
    tag,
    access: 'admin',
    summary: 'The ledger rows of a filter as CSV (admins)',
    query: adminTransactionsFilter,
    file: { mediaType: 'text/csv', description: 'The CSV file' },
  }),
  adjust: endpoint({
    method: 'POST',
    path: '/api/admin/transactions',
    tag,
    access: 'admin',
    summary: "An admin's credit (income_transfer) or debit (outgoing_transfer) of a user, with a reason",
    body: adjustmentInput,
    answer: adjustmentResult,
    status: 201,
    refusals: [409],
  }),
};
