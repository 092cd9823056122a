import { useMutation, useQuery } from '@tanstack/react-query';
import type { LicensePayment, SandboxSignedEvent } from '../../../common/contracts/license-payments';
import { api } from '../../lib/api';
import { LICENSE_REQUESTS_KEY } from '../../lib/query-keys';

/** The request the buyer pays for (video, type, price, provider). Under LICENSE_REQUESTS_KEY, so live events refresh it. */
export function useLicensePayment(requestId: string | undefined) {
  return useQuery({
    queryKey: [...LICENSE_REQUESTS_KEY, requestId, 'payment'],
    queryFn: ({ signal }) =>
      api<LicensePayment>(`/api/license-requests/${encodeURIComponent(requestId ?? '')}/payment`, { signal }),
    enabled: Boolean(requestId),
    retry: false,
  });
}

/** Opens the provider's checkout: the browser then leaves for the URL it answers. */
export function useCheckout(requestId: string) {
  return useMutation({
    mutationFn: () =>
      api<{ url: string }>(`/api/license-requests/${encodeURIComponent(requestId)}/checkout`, {
        method: 'POST',
      }),
  });
}

export function useSandboxSession(sessionId: string | undefined) {
  return useQuery({
    queryKey: ['licenses', 'sandbox', sessionId],
    queryFn: ({ signal }) =>
      api<LicensePayment>(`/api/payments/sandbox/sessions/${encodeURIComponent(sessionId ?? '')}`, {
        signal,
      }),
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
      const signed = await api<SandboxSignedEvent>(
        `/api/payments/sandbox/sessions/${encodeURIComponent(sessionId)}/events`,
        { method: 'POST', body: { outcome } },
      );
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
