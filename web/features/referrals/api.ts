import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { referralsResponse, UserProfile } from '../../../common/contracts/users';
import { api } from '../../lib/api';
import { ME_KEY } from '../../lib/query-keys';

type Referrals = z.infer<typeof referralsResponse>;

/** The users the signed-in user invited, page by page. */
export function useReferrals() {
  return useInfiniteQuery({
    queryKey: [...ME_KEY, 'referrals'],
    queryFn: ({ pageParam, signal }) =>
      api<Referrals>(
        `/api/me/referrals?limit=20${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
        {
          signal,
        },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** The inviting user on /join/{userId} (the same public profile the profile pages read). */
export function useInviter(userId: string | undefined) {
  return useQuery({
    queryKey: ['users', 'profile', userId],
    queryFn: ({ signal }) => api<UserProfile>(`/api/users/${encodeURIComponent(userId ?? '')}`, { signal }),
    enabled: Boolean(userId),
    retry: false,
  });
}
