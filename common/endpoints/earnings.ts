import {
  balancesResponse,
  ledgerPage,
  myTransactionsExportQuery,
  myTransactionsQuery,
  myWithdrawal,
  myWithdrawalList,
  myWithdrawalsQuery,
  statementMonths,
  statementParams,
  withdrawalRequestInput,
  withdrawalRequestParams,
} from '../contracts/earnings';
import { endpoint } from '../endpoint';

const tag = 'earnings';

/**
 * The caller's money (SPEC 2.1 /me/transactions, 2.6): balances, ledger history and its CSV, and their
 * withdrawal requests. No user id is taken: every read and change is the caller's own, so another
 * member's ledger or request is out of reach (a request id of someone else's is 404).
 */
export const earningsEndpoints = {
  balances: endpoint({
    method: 'GET',
    path: '/api/me/balances',
    tag,
    access: 'signedIn',
    summary: 'The caller’s balances per currency, pending earnings and the withdrawal policy',
    answer: balancesResponse,
  }),
  transactions: endpoint({
    method: 'GET',
    path: '/api/me/transactions',
    tag,
    access: 'signedIn',
    summary: 'The caller’s ledger rows, newest first, filtered by type and status',
    query: myTransactionsQuery,
    answer: ledgerPage,
  }),
  /** A CSV file: the web app links to it, it does not call it. */
  exportTransactions: endpoint({
    method: 'GET',
    path: '/api/me/transactions/export',
    tag,
    access: 'signedIn',
    summary: 'The caller’s filtered ledger rows as a CSV file, labels in the asked language',
    query: myTransactionsExportQuery,
    file: { mediaType: 'text/csv', description: 'The CSV file' },
  }),
  statementMonths: endpoint({
    method: 'GET',
    path: '/api/me/statements',
    tag,
    access: 'signedIn',
    summary: 'The months the caller may download a monthly statement of, newest first',
    answer: statementMonths,
  }),
  /** The PDF itself: a link the browser downloads, not a JSON call. */
  statement: endpoint({
    method: 'GET',
    path: '/api/me/statements/:month',
    tag,
    access: 'signedIn',
    summary:
      'The caller’s statement of one month (YYYY-MM, UTC) as a PDF, in their language; 400 for a month to come',
    params: statementParams,
    file: { mediaType: 'application/pdf', description: 'The PDF' },
  }),
  withdrawals: endpoint({
    method: 'GET',
    path: '/api/me/withdrawal-requests',
    tag,
    access: 'signedIn',
    summary: 'The caller’s withdrawal requests, newest first',
    query: myWithdrawalsQuery,
    answer: myWithdrawalList,
  }),
  // Money leaves only for a member whose e-mail and phone are confirmed, as a payments company asks.
  requestWithdrawal: endpoint({
    method: 'POST',
    path: '/api/me/withdrawal-requests',
    tag,
    access: 'verified',
    summary:
      'Requests a withdrawal: reserves the amount from the available balance at once (verified members only)',
    body: withdrawalRequestInput,
    answer: myWithdrawal,
    status: 201,
    refusals: [409],
  }),
  cancelWithdrawal: endpoint({
    method: 'POST',
    path: '/api/me/withdrawal-requests/:withdrawalRequestId/cancel',
    tag,
    access: 'signedIn',
    summary: 'Cancels the caller’s pending withdrawal request; the amount is released',
    params: withdrawalRequestParams,
    answer: myWithdrawal,
    refusals: [409],
  }),
};
