import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WithdrawalRequestInput } from '../../../common/contracts/earnings';
import { earningsEndpoints } from '../../../common/endpoints/earnings';
import { clientOf } from '../../lib/api-client';
import { EARNINGS_KEY } from '../../lib/query-keys';

const earnings = clientOf(earningsEndpoints);

export function useBalances(enabled = true) {
  return useQuery({
    queryKey: [...EARNINGS_KEY, 'balances'],
    queryFn: ({ signal }) => earnings.balances({}, { signal }),
    enabled,
  });
}

export function useRequestWithdrawal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: WithdrawalRequestInput) => earnings.requestWithdrawal({ body }),
    onSettled: () => client.invalidateQueries({ queryKey: EARNINGS_KEY }),
  });
}

export function useCancelWithdrawal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (withdrawalRequestId: string) =>
      earnings.cancelWithdrawal({ params: { withdrawalRequestId } }),
    onSettled: () => client.invalidateQueries({ queryKey: EARNINGS_KEY }),
  });
}
