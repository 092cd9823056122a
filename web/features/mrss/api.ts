import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MrssFeedCreateInput, MrssFeedInput, MrssFilterInput } from '../../../common/contracts/mrss';
import { mrssEndpoints } from '../../../common/endpoints/mrss';
import { clientOf } from '../../lib/api-client';

const mrss = clientOf(mrssEndpoints);
const FEEDS_KEY = ['admin', 'mrss-feeds'];

/** The feeds, newest first, a page at a time. */
export function useMrssFeeds() {
  return useInfiniteQuery({
    queryKey: FEEDS_KEY,
    queryFn: ({ pageParam }) => mrss.list({ query: { limit: 20, cursor: pageParam || undefined } }),
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

export const useCreateFeed = () => useFeedsMutation((body: MrssFeedCreateInput) => mrss.create({ body }));

export const useUpdateFeed = (feedId: string) =>
  useFeedsMutation((body: MrssFeedInput) => mrss.update({ params: { feedId }, body }));

export const useDeleteFeed = (feedId: string) => useFeedsMutation(() => mrss.remove({ params: { feedId } }));

export const useAddPartner = (feedId: string) =>
  useFeedsMutation((partnerName: string) => mrss.addToken({ params: { feedId }, body: { partnerName } }));

export const useRevokeToken = (feedId: string) =>
  useFeedsMutation((tokenId: string) => mrss.revokeToken({ params: { feedId, tokenId } }));

export const useRegenerateToken = (feedId: string) =>
  useFeedsMutation((tokenId: string) => mrss.regenerateToken({ params: { feedId, tokenId } }));

/** How many videos a filter lists now (changes nothing). */
export const usePreviewFilter = () =>
  useMutation({ mutationFn: (filter: MrssFilterInput) => mrss.preview({ body: { filter } }) });
