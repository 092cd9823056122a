import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  AdjustmentInput,
  AdminTransactionsFilter,
  AdminWithdrawal,
} from '../../../common/contracts/admin-money';
import type { WithdrawalStatus } from '../../../common/contracts/earnings';
import { queryString } from '../../../common/endpoint';
import { adminMoneyEndpoints } from '../../../common/endpoints/admin-money';
import { clientOf } from '../../lib/api-client';

const adminMoney = clientOf(adminMoneyEndpoints);

const WITHDRAWALS_KEY = ['admin-withdrawals'] as const;
const TRANSACTIONS_KEY = ['admin-transactions'] as const;

/** The CSV of the filter's ledger rows: a link the browser downloads, not a call. */
export const transactionsCsvHref = (filter: AdminTransactionsFilter) =>
  adminMoneyEndpoints.transactionsCsv.path + queryString(filter);

export function useWithdrawals(status: WithdrawalStatus | null) {
  return useInfiniteQuery({
    queryKey: [...WITHDRAWALS_KEY, 'list', status ?? 'all'],
    queryFn: ({ pageParam, signal }) =>
      adminMoney.withdrawals(
        { query: { limit: 25, status: status ?? undefined, cursor: pageParam ?? undefined } },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useWithdrawal(id: string) {
  return useQuery({
    queryKey: [...WITHDRAWALS_KEY, 'detail', id],
    queryFn: ({ signal }) => adminMoney.withdrawal({ params: { id } }, { signal }),
  });
}

type WithdrawalPages = InfiniteData<{ items: AdminWithdrawal[]; nextCursor: string | null }>;

type WithdrawalAction =
  | { kind: 'pay'; reference?: string }
  | { kind: 'refresh' }
  | { kind: 'reject'; reason: string };

/** The call of one decision on the request `id`. */
function decide(id: string, action: WithdrawalAction) {
  const params = { id };
  if (action.kind === 'pay') return adminMoney.pay({ params, body: { reference: action.reference } });
  if (action.kind === 'reject') return adminMoney.reject({ params, body: { reason: action.reason } });
  return adminMoney.refresh({ params });
}

/**
 * Pay, Refresh status or Reject one request. Its page and the ledger are read again after; the queues
 * keep its row, with its new status, until they are reloaded: a request paid from the "Pending" queue
 * does not vanish from it under the admin's eyes.
 */
export function useWithdrawalAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: WithdrawalAction) => decide(id, action),
    onSuccess: ({ status }) => {
      queryClient.setQueriesData<WithdrawalPages>({ queryKey: [...WITHDRAWALS_KEY, 'list'] }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.map((item) => (item.id === id ? { ...item, status } : item)),
              })),
            }
          : data,
      );
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: [...WITHDRAWALS_KEY, 'detail', id] });
      void queryClient.invalidateQueries({ queryKey: TRANSACTIONS_KEY });
    },
  });
}

export function useAdminTransactions(filter: AdminTransactionsFilter) {
  return useInfiniteQuery({
    queryKey: [...TRANSACTIONS_KEY, filter],
    queryFn: ({ pageParam, signal }) =>
      adminMoney.transactions(
        { query: { ...filter, limit: 50, cursor: pageParam ?? undefined } },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useAdjustment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdjustmentInput) => adminMoney.adjust({ body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TRANSACTIONS_KEY }),
  });
}
