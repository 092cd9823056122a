import { useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ledgerPage, myWithdrawalList } from '../../../common/contracts/earnings';
import { api } from '../../lib/api';
import { EARNINGS_KEY } from '../../lib/query-keys';

export interface HistoryFilters {
  type: string | null;
  status: string | null;
}

/** The query string of the filters (the list and its CSV export read the same). */
export function filterQuery(filters: HistoryFilters): string {
  const params = new URLSearchParams();
  if (filters.type) params.set('type', filters.type);
  if (filters.status) params.set('status', filters.status);
  return params.toString();
}

const withCursor = (path: string, cursor: string) =>
  `${path}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;

/** The caller's ledger rows, newest first, page by page. */
export function useTransactions(filters: HistoryFilters) {
  const query = filterQuery(filters);
  return useInfiniteQuery({
    queryKey: [...EARNINGS_KEY, 'transactions', query],
    queryFn: ({ pageParam, signal }) =>
      api<z.infer<typeof ledgerPage>>(withCursor(`/api/me/transactions?limit=25&${query}`, pageParam), {
        signal,
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The caller's withdrawal requests, newest first. */
export function useMyWithdrawals() {
  return useInfiniteQuery({
    queryKey: [...EARNINGS_KEY, 'withdrawals'],
    queryFn: ({ pageParam, signal }) =>
      api<z.infer<typeof myWithdrawalList>>(withCursor('/api/me/withdrawal-requests?limit=5', pageParam), {
        signal,
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
