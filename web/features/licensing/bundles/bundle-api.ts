import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LicenseBundle, LicenseRequestInput } from '../../../../common/contracts/licenses';
import { collectionEndpoints } from '../../../../common/endpoints/collections';
import { licensePaymentsEndpoints } from '../../../../common/endpoints/license-payments';
import { licensingEndpoints } from '../../../../common/endpoints/licensing';
import { ApiError } from '../../../lib/api';
import { clientOf } from '../../../lib/api-client';
import { LICENSE_REQUESTS_KEY } from '../../../lib/query-keys';

const licensing = clientOf(licensingEndpoints);
const collections = clientOf(collectionEndpoints);
const payments = clientOf(licensePaymentsEndpoints);

/** Under LICENSE_REQUESTS_KEY: the live events that refresh a request's pages refresh its bundle too. */
export const licenseBundleKey = (id: string) => [...LICENSE_REQUESTS_KEY, 'bundle', id] as const;

/** A request for several clips: its clips with their prices, the total and whether to pay now. */
export function useLicenseBundle(id: string) {
  return useQuery({
    queryKey: licenseBundleKey(id),
    queryFn: ({ signal }) => licensing.bundle({ params: { id } }, { signal }),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
}

/** Sends one request for the chosen clips of a collection; the buyer's lists read again. */
export function useCreateLicenseBundle(collectionId: string, videoIds: string[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: LicenseRequestInput) =>
      collections.requestLicenses({ params: { id: collectionId }, body: { ...input, videoIds } }),
    onSuccess: (bundle: LicenseBundle) => {
      client.setQueryData(licenseBundleKey(bundle.id), bundle);
      return client.invalidateQueries({ queryKey: LICENSE_REQUESTS_KEY });
    },
  });
}

/** Opens one checkout for every clip of the bundle: the browser then leaves for the URL it answers. */
export function useBundleCheckout(id: string) {
  return useMutation({ mutationFn: () => payments.bundleCheckout({ params: { id } }) });
}

/** A license manager refunds every completed clip of the bundle, each its own refund, with one reason. */
export function useRefundLicenseBundle(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => licensing.refundBundle({ params: { id }, body: { reason } }),
    onSuccess: (bundle: LicenseBundle) => {
      client.setQueryData(licenseBundleKey(bundle.id), bundle);
      return client.invalidateQueries({ queryKey: LICENSE_REQUESTS_KEY });
    },
  });
}
