import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BalancesResponse,
  MyWithdrawal,
  WithdrawalRequestInput,
} from '../../../common/contracts/earnings';
import { api } from '../../lib/api';
import { EARNINGS_KEY } from '../../lib/query-keys';

export function useBalances(enabled = true) {
  return useQuery({
    queryKey: [...EARNINGS_KEY, 'balances'],
    queryFn: ({ signal }) => api<BalancesResponse>('/api/me/balances', { signal }),
    enabled,
  });
}

export function useRequestWithdrawal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: WithdrawalRequestInput) =>
      api<MyWithdrawal>('/api/me/withdrawal-requests', { method: 'POST', body: input }),
    onSettled: () => client.invalidateQueries({ queryKey: EARNINGS_KEY }),
  });
}

export function useCancelWithdrawal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<MyWithdrawal>(`/api/me/withdrawal-requests/${encodeURIComponent(id)}/cancel`, { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: EARNINGS_KEY }),
  });
}
