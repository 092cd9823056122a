import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  MrssFeed,
  MrssFeedCreated,
  MrssFeedCreateInput,
  MrssFeedInput,
  MrssFeedList,
  MrssFilterInput,
  MrssIssuedToken,
  MrssPreview,
  MrssToken,
} from '../../../common/contracts/mrss';
import { api } from '../../lib/api';

const FEEDS_KEY = ['admin', 'mrss-feeds'];
const base = '/api/admin/mrss-feeds';

/** The feeds, newest first, a page at a time. */
export function useMrssFeeds() {
  return useInfiniteQuery({
    queryKey: FEEDS_KEY,
    queryFn: ({ pageParam }) =>
      api<MrssFeedList>(`${base}?limit=20${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** A change to the feeds; the list is read again after it. */
function useFeedsMutation<I, O>(call: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: FEEDS_KEY }),
  });
}

export const useCreateFeed = () =>
  useFeedsMutation((body: MrssFeedCreateInput) => api<MrssFeedCreated>(base, { method: 'POST', body }));

export const useUpdateFeed = (feedId: string) =>
  useFeedsMutation((body: MrssFeedInput) =>
    api<MrssFeed>(`${base}/${encodeURIComponent(feedId)}`, { method: 'PUT', body }),
  );

export const useDeleteFeed = (feedId: string) =>
  useFeedsMutation(() => api<null>(`${base}/${encodeURIComponent(feedId)}`, { method: 'DELETE' }));

export const useAddPartner = (feedId: string) =>
  useFeedsMutation((partnerName: string) =>
    api<MrssIssuedToken>(`${base}/${encodeURIComponent(feedId)}/tokens`, {
      method: 'POST',
      body: { partnerName },
    }),
  );

const tokenPath = (feedId: string, tokenId: string, action: string) =>
  `${base}/${encodeURIComponent(feedId)}/tokens/${encodeURIComponent(tokenId)}/${action}`;

export const useRevokeToken = (feedId: string) =>
  useFeedsMutation((tokenId: string) =>
    api<MrssToken>(tokenPath(feedId, tokenId, 'revoke'), { method: 'POST' }),
  );

export const useRegenerateToken = (feedId: string) =>
  useFeedsMutation((tokenId: string) =>
    api<MrssIssuedToken>(tokenPath(feedId, tokenId, 'regenerate'), { method: 'POST' }),
  );

/** How many videos a filter lists now (changes nothing). */
export const usePreviewFilter = () =>
  useMutation({
    mutationFn: (filter: MrssFilterInput) =>
      api<MrssPreview>(`${base}/preview`, { method: 'POST', body: { filter } }),
  });
