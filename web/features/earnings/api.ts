import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { pathOf, queryString } from '../../../common/endpoint';
import { earningsEndpoints } from '../../../common/endpoints/earnings';
import type { TransactionStatus, TransactionType } from '../../../common/ledger';
import { clientOf } from '../../lib/api-client';
import { EARNINGS_KEY } from '../../lib/query-keys';

const earnings = clientOf(earningsEndpoints);

export interface HistoryFilters {
  type: TransactionType | null;
  status: TransactionStatus | null;
  /** One license sale's rows only (a creator's receipt links to them). */
  sale: string | null;
}

/** The CSV export of the filtered history, labels in `lang`: a link the browser downloads, not a call. */
export function exportHref(filters: HistoryFilters, lang: string): string {
  const { type, status, sale } = filters;
  return earningsEndpoints.exportTransactions.path + queryString({ type, status, sale, lang });
}

/** The caller's ledger rows, newest first, page by page. */
export function useTransactions(filters: HistoryFilters) {
  return useInfiniteQuery({
    queryKey: [
      ...EARNINGS_KEY,
      'transactions',
      filters.type ?? 'all',
      filters.status ?? 'all',
      filters.sale ?? 'all',
    ],
    queryFn: ({ pageParam, signal }) =>
      earnings.transactions(
        {
          query: {
            limit: 25,
            type: filters.type ?? undefined,
            status: filters.status ?? undefined,
            sale: filters.sale ?? undefined,
            cursor: pageParam || undefined,
          },
        },
        { signal },
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The caller's withdrawal requests, newest first. */
export function useMyWithdrawals() {
  return useInfiniteQuery({
    queryKey: [...EARNINGS_KEY, 'withdrawals'],
    queryFn: ({ pageParam, signal }) =>
      earnings.withdrawals({ query: { limit: 5, cursor: pageParam || undefined } }, { signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The months the member may download a statement of, newest first. */
export function useStatementMonths() {
  return useQuery({
    queryKey: [...EARNINGS_KEY, 'statement-months'],
    queryFn: ({ signal }) => earnings.statementMonths({}, { signal }),
  });
}

/** One month's statement PDF: a link the browser downloads, not a call. */
export const statementHref = (month: string) => pathOf(earningsEndpoints.statement, { month });
