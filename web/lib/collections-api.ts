import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CollectionItem } from '../../common/contracts/collections';
import { collectionEndpoints } from '../../common/endpoints/collections';
import { isLicensableStatus } from '../../common/video-status';
import { clientOf } from './api-client';

export const collectionsClient = clientOf(collectionEndpoints);

/** Every collection list and page of the member (and the add-to-collection menus' ticks). */
export const COLLECTIONS_KEY = ['collections'] as const;

/** The member's collections; with `videoId`, whether each holds that video. */
export function useCollections(videoId?: string) {
  return useQuery({
    queryKey: [...COLLECTIONS_KEY, 'list', videoId ?? null],
    queryFn: ({ signal }) => collectionsClient.list({ query: { videoId } }, { signal }),
  });
}

/** One of the member's collections with its clips (its page, and the request for several of its clips). */
export function useCollection(collectionId: string) {
  return useQuery({
    queryKey: [...COLLECTIONS_KEY, 'detail', collectionId],
    queryFn: ({ signal }) => collectionsClient.get({ params: { id: collectionId } }, { signal }),
  });
}

/**
 * A clip of a collection the member may ask a license of now: not their own, in a licensable status (the
 * server refuses the rest, naming the clip).
 */
export const mayLicenseClip = (item: CollectionItem, userId: string | undefined): boolean =>
  item.video.user.id !== userId && isLicensableStatus(item.video.status);

/** A change of the member's collections: every list and page of them reads again. */
export function useCollectionChange<Input, Output>(change: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => client.invalidateQueries({ queryKey: COLLECTIONS_KEY }),
  });
}
