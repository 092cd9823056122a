import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { userEndpoints } from '../../../common/endpoints/users';
import { videoEndpoints } from '../../../common/endpoints/videos';
import type { VideoStatus } from '../../../common/video-status';
import type { FetchVideoPage } from '../../components/video-grid';
import { clientOf } from '../../lib/api-client';
import { ME_KEY, userProfileKey } from '../../lib/query-keys';

const users = clientOf(userEndpoints);
const videos = clientOf(videoEndpoints);

/** A public profile; its key starts with 'users' so a profile save refreshes it. */
export function useUserProfile(userId: string | undefined) {
  return useQuery({
    queryKey: userProfileKey(userId),
    queryFn: ({ signal }) => users.profile({ params: { userId: userId ?? '' } }, { signal }),
    enabled: Boolean(userId),
  });
}

/** The community, page by page, maybe filtered by name. */
export function useCommunity(query: string) {
  return useInfiniteQuery({
    queryKey: ['users', 'community', query],
    queryFn: ({ pageParam, signal }) =>
      users.community({ query: { limit: 24, q: query, cursor: pageParam ?? undefined } }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useDashboard(enabled: boolean) {
  return useQuery({
    queryKey: [...ME_KEY, 'dashboard'],
    queryFn: ({ signal }) => users.dashboard({}, { signal }),
    enabled,
  });
}

/** A page of a member's videos: all of them to the owner (maybe of one status), the public ones to others. */
export const userVideosPage =
  (userId: string, status: VideoStatus | null): FetchVideoPage =>
  (cursor, signal) =>
    videos.list({ query: { limit: 12, userId, status: status ?? undefined, cursor } }, { signal });
