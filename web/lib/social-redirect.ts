import { useMutation } from '@tanstack/react-query';
import { api } from './api';

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
        },
      });
      window.location.assign(url);
    },
  });
}
