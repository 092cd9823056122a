import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileInput } from '../../common/contracts/verification';
import { api } from './api';

/**
 * "Save profile info" (the verification modal's third step and the profile settings): afterwards the
 * session (name, verified), the verification steps and the profile pages are reread.
 */
export function useSaveProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileInput) => api('/api/me/profile', { method: 'PUT', body }),
    onSettled: async () => {
      await Promise.all(
        [['session'], ['verification'], ['users']].map((queryKey) => client.invalidateQueries({ queryKey })),
      );
    },
  });
}
