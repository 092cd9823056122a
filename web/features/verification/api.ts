import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { verificationEndpoints } from '../../../common/endpoints/verification';
import { clientOf } from '../../lib/api-client';

const verification = clientOf(verificationEndpoints);
const STATE_KEY = ['verification'] as const;

/** Where the signed-in user stands in the four steps (pending codes included). */
export function useVerificationState(enabled: boolean) {
  return useQuery({
    queryKey: STATE_KEY,
    queryFn: () => verification.state(),
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
  useStepMutation((email: string) => verification.setEmail({ body: { email } }));

export const useResendEmailCode = () => useStepMutation(() => verification.resendEmailCode());

export const useVerifyEmail = () =>
  useStepMutation((code: string) => verification.verifyEmail({ body: { code } }));

export const useSendSms = () =>
  useStepMutation((body: { phoneNumber: string; captcha: string }) => verification.sendSms({ body }));

export const useVerifyPhone = () =>
  useStepMutation((code: string) => verification.verifyPhone({ body: { code } }));
