import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { codeSentResponse, VerificationState } from '../../../common/contracts/verification';
import { api } from '../../lib/api';

type CodeSent = z.infer<typeof codeSentResponse>;
const STATE_KEY = ['verification'] as const;

/** Where the signed-in user stands in the four steps (pending codes included). */
export function useVerificationState(enabled: boolean) {
  return useQuery({
    queryKey: STATE_KEY,
    queryFn: () => api<VerificationState>('/api/verification'),
    enabled,
    staleTime: 0,
  });
}

/** A verification call; afterwards both the steps and the session (verified, phone, profile) are reread. */
function useStepMutation<I, O>(call: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: STATE_KEY }),
        client.invalidateQueries({ queryKey: ['session'] }),
      ]);
    },
  });
}

export const useSetEmail = () =>
  useStepMutation((email: string) =>
    api<CodeSent>('/api/verification/email', { method: 'POST', body: { email } }),
  );

export const useResendEmailCode = () =>
  useStepMutation(() => api<CodeSent>('/api/verification/email/code', { method: 'POST', body: {} }));

export const useVerifyEmail = () =>
  useStepMutation((code: string) =>
    api('/api/verification/email/verify', { method: 'POST', body: { code } }),
  );

export const useSendSms = () =>
  useStepMutation((body: { phoneNumber: string; captcha: string }) =>
    api<CodeSent>('/api/verification/phone', { method: 'POST', body }),
  );

export const useVerifyPhone = () =>
  useStepMutation((code: string) =>
    api('/api/verification/phone/verify', { method: 'POST', body: { code } }),
  );
