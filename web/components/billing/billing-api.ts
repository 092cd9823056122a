import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { i18n as I18n, TFunction } from 'i18next';
import {
  BILLING_ADDRESSES_MAX,
  type BillingAddress,
  type BillingAddressInput,
  type BillingAddressList,
} from '../../../common/contracts/billing';
import { ApiError, api } from '../../lib/api';
import { errorMessageKey } from '../../lib/error-message';

const URL = '/api/me/billing-addresses';
const KEY = ['billing-addresses'] as const;

/** The signed-in user's addresses, the default first; keyed by user so another sign-in never sees them. */
export function useBillingAddresses(userId: string) {
  return useQuery({
    queryKey: [...KEY, userId],
    queryFn: () => api<BillingAddressList>(URL),
    select: (data) => data.addresses,
  });
}

/** A change to the addresses; the list is read again afterwards, as the default may have moved. */
function useBillingMutation<I, O>(call: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** Adds an address (no id) or changes one (with its id). */
export const useSaveBillingAddress = () =>
  useBillingMutation(({ id, body }: { id: string | null; body: BillingAddressInput }) =>
    id
      ? api<BillingAddress>(`${URL}/${encodeURIComponent(id)}`, { method: 'PUT', body })
      : api<BillingAddress>(URL, { method: 'POST', body }),
  );

export const useDeleteBillingAddress = () =>
  useBillingMutation((id: string) => api(`${URL}/${encodeURIComponent(id)}`, { method: 'DELETE' }));

export const useMakeDefaultBillingAddress = () =>
  useBillingMutation((id: string) =>
    api<BillingAddress>(`${URL}/${encodeURIComponent(id)}/default`, { method: 'POST' }),
  );

/**
 * The message of a failed billing call, translated: the server refuses an address over the cap with the
 * generic OPERATION_NOT_ALLOWED (409), which this screen explains in its own words.
 */
export function billingErrorText(error: unknown, t: TFunction, i18n: I18n): string {
  if (error instanceof ApiError && error.status === 409 && error.code === 'OPERATION_NOT_ALLOWED') {
    return t('billing.errors.limitReached', { max: BILLING_ADDRESSES_MAX });
  }
  return t(errorMessageKey(error, i18n));
}
