import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { communityResponse, dashboardResponse, UserProfile } from '../../../common/contracts/users';
import { api } from '../../lib/api';
import { ME_KEY } from '../../lib/query-keys';

type Community = z.infer<typeof communityResponse>;
type Dashboard = z.infer<typeof dashboardResponse>;

const withCursor = (path: string, cursor: string | null) =>
  cursor ? `${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}` : path;

/** A public profile; the key starts with 'users' so a profile save refreshes it. */
export function useUserProfile(userId: string | undefined) {
  return useQuery({
    queryKey: ['users', 'profile', userId],
    queryFn: ({ signal }) => api<UserProfile>(`/api/users/${encodeURIComponent(userId ?? '')}`, { signal }),
    enabled: Boolean(userId),
  });
}

/** The community, page by page, maybe filtered by name. */
export function useCommunity(query: string) {
  return useInfiniteQuery({
    queryKey: ['users', 'community', query],
    queryFn: ({ pageParam, signal }) =>
      api<Community>(
        withCursor(`/api/users?limit=24${query ? `&q=${encodeURIComponent(query)}` : ''}`, pageParam),
        {
          signal,
        },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useDashboard(enabled: boolean) {
  return useQuery({
    queryKey: [...ME_KEY, 'dashboard'],
    queryFn: ({ signal }) => api<Dashboard>('/api/me/dashboard', { signal }),
    enabled,
  });
}
