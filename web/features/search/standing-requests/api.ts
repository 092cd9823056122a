import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  StandingRequestChange,
  StandingRequestInput,
} from '../../../../common/contracts/standing-requests';
import { standingRequestEndpoints } from '../../../../common/endpoints/standing-requests';
import type { VideoGridProps } from '../../../components/video-grid';
import { clientOf } from '../../../lib/api-client';
import { STANDING_REQUESTS_KEY } from '../../../lib/query-keys';

const standingRequests = clientOf(standingRequestEndpoints);

/** The member's standing requests, newest first. */
export function useStandingRequests() {
  return useQuery({
    queryKey: [...STANDING_REQUESTS_KEY, 'list'],
    queryFn: ({ signal }) => standingRequests.list({}, { signal }),
  });
}

/** The videos one request matched as a card grid's pages (newest match first), under the requests' key. */
export function matchesGrid(id: string): Pick<VideoGridProps, 'queryKey' | 'fetchPage'> {
  return {
    queryKey: [...STANDING_REQUESTS_KEY, 'matches', id],
    fetchPage: async (cursor, signal) => {
      const page = await standingRequests.matches(
        { params: { id }, query: { limit: 8, cursor } },
        { signal },
      );
      return { items: page.items.map((match) => match.video), nextCursor: page.nextCursor };
    },
  };
}

/** Every change of a request reads the list again (its counts and settings). */
function useRefreshing<Input, Output>(change: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => client.invalidateQueries({ queryKey: STANDING_REQUESTS_KEY }),
  });
}

export const useCreateStandingRequest = () =>
  useRefreshing((body: StandingRequestInput) => standingRequests.create({ body }));

export const useChangeStandingRequest = () =>
  useRefreshing(({ id, change }: { id: string; change: StandingRequestChange }) =>
    standingRequests.update({ params: { id }, body: change }),
  );

export const useDeleteStandingRequest = () =>
  useRefreshing((id: string) => standingRequests.remove({ params: { id } }));

/** The e-mail's unsubscribe link: pauses the request by its signature, signed in or not. */
export const useUnsubscribe = () =>
  useMutation({
    mutationFn: ({ id, token }: { id: string; token: string }) =>
      standingRequests.unsubscribe({ params: { id }, query: { token } }),
  });

/** The demand board, a page at a time, newest first. */
export function useDemand() {
  return useInfiniteQuery({
    queryKey: [...STANDING_REQUESTS_KEY, 'demand'],
    queryFn: ({ pageParam, signal }) =>
      standingRequests.demand({ query: { limit: 20, cursor: pageParam || undefined } }, { signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
