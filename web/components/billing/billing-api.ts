import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BILLING_ADDRESSES_MAX, type BillingAddressInput } from '../../../common/contracts/billing';
import { billingEndpoints } from '../../../common/endpoints/billing';
import type { TFunction, Translator } from '../../../common/translator';
import { ApiError } from '../../lib/api';
import { clientOf } from '../../lib/api-client';
import { errorMessageKey } from '../../lib/error-message';

const billing = clientOf(billingEndpoints);
const KEY = ['billing-addresses'] as const;

/** The signed-in user's addresses, the default first; keyed by user so another sign-in never sees them. */
export function useBillingAddresses(userId: string) {
  return useQuery({
    queryKey: [...KEY, userId],
    queryFn: () => billing.list(),
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
    id ? billing.update({ params: { id }, body }) : billing.create({ body }),
  );

export const useDeleteBillingAddress = () =>
  useBillingMutation((id: string) => billing.remove({ params: { id } }));

export const useMakeDefaultBillingAddress = () =>
  useBillingMutation((id: string) => billing.makeDefault({ params: { id } }));

/**
 * The message of a failed billing call, translated: the server refuses an address over the cap with the
 * generic OPERATION_NOT_ALLOWED (409), which this screen explains in its own words.
 */
export function billingErrorText(error: unknown, t: TFunction, i18n: Translator): string {
  if (error instanceof ApiError && error.status === 409 && error.code === 'OPERATION_NOT_ALLOWED') {
    return t('billing.errors.limitReached', { max: BILLING_ADDRESSES_MAX });
  }
  return t(errorMessageKey(error, i18n));
}
