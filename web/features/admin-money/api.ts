import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  AdjustmentInput,
  AdminTransactionList,
  AdminTransactionsFilter,
  AdminWithdrawal,
  AdminWithdrawalDetail,
  WithdrawalStatus,
} from '../../../common/contracts/admin-money';
import { api } from '../../lib/api';

const WITHDRAWALS_KEY = ['admin-withdrawals'] as const;
const TRANSACTIONS_KEY = ['admin-transactions'] as const;

/** The filter as query parameters (empty parts left out). */
export function filterParams(filter: AdminTransactionsFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value) params.set(key, String(value));
  return params;
}

export function useWithdrawals(status: WithdrawalStatus | null) {
  return useInfiniteQuery({
    queryKey: [...WITHDRAWALS_KEY, 'list', status ?? 'all'],
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: '25' });
      if (status) params.set('status', status);
      if (pageParam) params.set('cursor', pageParam);
      return api<{ items: AdminWithdrawal[]; nextCursor: string | null }>(
        `/api/admin/withdrawal-requests?${params}`,
        { signal },
      );
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useWithdrawal(id: string) {
  return useQuery({
    queryKey: [...WITHDRAWALS_KEY, 'detail', id],
    queryFn: ({ signal }) =>
      api<AdminWithdrawalDetail>(`/api/admin/withdrawal-requests/${encodeURIComponent(id)}`, { signal }),
  });
}

type WithdrawalPages = InfiniteData<{ items: AdminWithdrawal[]; nextCursor: string | null }>;

/**
 * Pay, Refresh status or Reject one request. Its page and the ledger are read again after; the queues
 * keep its row, with its new status, until they are reloaded: a request paid from the "Pending" queue
 * does not vanish from it under the admin's eyes.
 */
export function useWithdrawalAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      action: { kind: 'pay'; reference?: string } | { kind: 'refresh' } | { kind: 'reject'; reason: string },
    ) => {
      const { kind, ...body } = action;
      return api<{ status: WithdrawalStatus }>(
        `/api/admin/withdrawal-requests/${encodeURIComponent(id)}/${kind}`,
        { method: 'POST', body },
      );
    },
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
    queryFn: ({ pageParam, signal }) => {
      const params = filterParams(filter);
      params.set('limit', '50');
      if (pageParam) params.set('cursor', pageParam);
      return api<AdminTransactionList>(`/api/admin/transactions?${params}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useAdjustment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdjustmentInput) =>
      api<{ id: string }>('/api/admin/transactions', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TRANSACTIONS_KEY }),
  });
}
