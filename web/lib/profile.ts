import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileInput } from '../../common/contracts/verification';
import { userEndpoints } from '../../common/endpoints/users';
import { call } from './api-client';

/**
 * "Save profile info" (the verification modal's third step and the profile settings): afterwards the
 * session (name, verified), the verification steps and the profile pages are reread.
 */
export function useSaveProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileInput) => call(userEndpoints.saveProfile, { body }),
    onSettled: async () => {
      await Promise.all(
        [['session'], ['verification'], ['users']].map((queryKey) => client.invalidateQueries({ queryKey })),
      );
    },
  });
}
