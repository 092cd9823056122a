import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AbuseQueueState } from '../../../common/contracts/abuse';
import { abuseEndpoints } from '../../../common/endpoints/abuse';
import { clientOf } from '../../lib/api-client';

const abuse = clientOf(abuseEndpoints);

const QUEUE_KEY = ['admin', 'abuse-reports'] as const;

/** The queue, page by page: new reports or handled ones, newest first. */
export function useAbuseQueue(state: AbuseQueueState) {
  return useInfiniteQuery({
    queryKey: [...QUEUE_KEY, state],
    queryFn: ({ pageParam, signal }) =>
      abuse.queue({ query: { state, limit: 20, cursor: pageParam ?? undefined } }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useHandleReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: string; note: string }) =>
      abuse.handle({ params: { reportId: id }, body: { note } }),
    // Handled (or found handled by another admin): it moves from one list to the other.
    onSettled: () => client.invalidateQueries({ queryKey: QUEUE_KEY }),
  });
}
