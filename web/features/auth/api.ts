import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authActionEndpoints } from '../../../common/endpoints/account';
import { userEndpoints } from '../../../common/endpoints/users';
import { ApiError, api } from '../../lib/api';
import { call, clientOf } from '../../lib/api-client';
import { userProfileKey } from '../../lib/query-keys';

const authActions = clientOf(authActionEndpoints);

/** better-auth's endpoints, as the overlays use them. Errors carry better-auth's codes (see lib/error-message). */
export function useSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; password: string }) =>
      api('/api/auth/sign-in/email', { method: 'POST', body: { ...body, rememberMe: true } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['session'] }),
  });
}

/**
 * Sign-up answers the same for a new address and a taken one (and signs nobody in), so that it does not
 * tell strangers who has an account. A new account then signs in with the same credentials; when that
 * fails the address had an account already, and its owner has been sent a mail: `signedIn` is false.
 */
export function useSignUp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { email: string; password: string; language: string; referrer_id?: string }) => {
      // The display name is chosen later, in the profile step of the verification (SPEC 2.5).
      await api('/api/auth/sign-up/email', { method: 'POST', body: { ...body, name: '' } });
      try {
        await api('/api/auth/sign-in/email', {
          method: 'POST',
          body: { email: body.email, password: body.password, rememberMe: true },
        });
        return { signedIn: true };
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return { signedIn: false };
        throw error;
      }
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['session'] }),
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (body: { email: string }) =>
      api('/api/auth/request-password-reset', { method: 'POST', body }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: { token: string; newPassword: string }) =>
      api('/api/auth/reset-password', { method: 'POST', body }),
  });
}

export function checkResetCode(code: string, signal?: AbortSignal) {
  return authActions.resetPasswordInfo({ params: { code } }, { signal });
}

/** Applies the code of a new-address confirmation link or of an e-mail recovery link. */
export function applyEmailLinkCode(action: 'verifyEmail' | 'recoverEmail', code: string) {
  return authActions[action]({ body: { code } });
}

/** The public face of a user (the one who invited a visitor). */
export function useInviter(userId: string | null) {
  return useQuery({
    queryKey: userProfileKey(userId),
    queryFn: ({ signal }) => call(userEndpoints.profile, { params: { userId: userId ?? '' } }, { signal }),
    enabled: userId !== null,
    retry: false,
  });
}
