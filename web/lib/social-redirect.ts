import { useMutation } from '@tanstack/react-query';
import { api } from './api';
import { rememberedReferrer } from './referrer';

/**
 * Starts a social sign-in: the server answers with the provider's address and the browser goes there.
 * A failure comes back to `/?socialError=<provider>&error=…`, which features/auth/auth-actions reads.
 */
export function useSocialRedirect() {
  return useMutation({
    mutationFn: async (request: {
      path: 'sign-in/social' | 'link-social';
      provider: string;
      callbackURL: string;
    }) => {
      const { url } = await api<{ url: string }>(`/api/auth/${request.path}`, {
        method: 'POST',
        body: {
          provider: request.provider,
          callbackURL: request.callbackURL,
          errorCallbackURL: `/?socialError=${encodeURIComponent(request.provider)}`,
          // A new account made through the provider records who invited the visitor, as the sign-up form does.
          additionalData: { referrerId: rememberedReferrer() },
        },
      });
      window.location.assign(url);
    },
  });
}
