import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { collectionEndpoints } from '../../common/endpoints/collections';
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

/** A change of the member's collections: every list and page of them reads again. */
export function useCollectionChange<Input, Output>(change: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => client.invalidateQueries({ queryKey: COLLECTIONS_KEY }),
  });
}
