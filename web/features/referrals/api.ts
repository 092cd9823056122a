import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { userEndpoints } from '../../../common/endpoints/users';
import { clientOf } from '../../lib/api-client';
import { ME_KEY, userProfileKey } from '../../lib/query-keys';

const users = clientOf(userEndpoints);

/** The users the signed-in user invited, page by page. */
export function useReferrals() {
  return useInfiniteQuery({
    queryKey: [...ME_KEY, 'referrals'],
    queryFn: ({ pageParam, signal }) =>
      users.referrals({ query: { limit: 20, cursor: pageParam ?? undefined } }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** The inviting user on /join/{userId} (the same public profile the profile pages read). */
export function useInviter(userId: string | undefined) {
  return useQuery({
    queryKey: userProfileKey(userId),
    queryFn: ({ signal }) => users.profile({ params: { userId: userId ?? '' } }, { signal }),
    enabled: Boolean(userId),
    retry: false,
  });
}
