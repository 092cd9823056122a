import { useMutation, useQuery } from '@tanstack/react-query';
import { licensePaymentsEndpoints } from '../../../common/endpoints/license-payments';
import { paymentsEndpoints } from '../../../common/endpoints/payments';
import { clientOf } from '../../lib/api-client';
import { LICENSE_REQUESTS_KEY } from '../../lib/query-keys';

const licensePayments = clientOf(licensePaymentsEndpoints);
const payments = clientOf(paymentsEndpoints);

/** The request the buyer pays for (video, type, price, provider). Under LICENSE_REQUESTS_KEY, so live events refresh it. */
export function useLicensePayment(requestId: string | undefined) {
  return useQuery({
    queryKey: [...LICENSE_REQUESTS_KEY, requestId, 'payment'],
    queryFn: ({ signal }) => licensePayments.payment({ params: { id: requestId ?? '' } }, { signal }),
    enabled: Boolean(requestId),
    retry: false,
  });
}

/** Opens the provider's checkout: the browser then leaves for the URL it answers. */
export function useCheckout(requestId: string) {
  return useMutation({
    mutationFn: () => licensePayments.checkout({ params: { id: requestId } }),
  });
}

export function useSandboxSession(sessionId: string | undefined) {
  return useQuery({
    queryKey: ['licenses', 'sandbox', sessionId],
    queryFn: ({ signal }) => payments.sandboxSession({ params: { sessionId: sessionId ?? '' } }, { signal }),
    enabled: Boolean(sessionId),
    retry: false,
  });
}

/**
 * Pay or Decline in the sandbox: the server signs the event as a provider would, and the page delivers
 * it to the webhook without cookies, as the provider's own server would, so it takes the real path.
 */
export function useSandboxOutcome(sessionId: string) {
  return useMutation({
    mutationFn: async (outcome: 'paid' | 'declined') => {
      const signed = await payments.sandboxEvent({ params: { sessionId }, body: { outcome } });
      const response = await fetch(signed.webhookUrl, {
        method: 'POST',
        credentials: 'omit',
        headers: { 'content-type': 'application/json', 'x-sandbox-signature': signed.signature },
        body: signed.payload,
      });
      if (!response.ok) throw new Error(`webhook answered ${response.status}`);
      return (await response.json()) as { outcome: string };
    },
  });
}
