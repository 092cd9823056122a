import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AbuseQueueItem, AbuseQueuePage } from '../../../common/contracts/abuse';
import { api } from '../../lib/api';

const QUEUE_KEY = ['admin', 'abuse-reports'] as const;

/** The queue, page by page: new reports or handled ones, newest first. */
export function useAbuseQueue(state: 'new' | 'handled') {
  return useInfiniteQuery({
    queryKey: [...QUEUE_KEY, state],
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ state, limit: '20' });
      if (pageParam) params.set('cursor', pageParam);
      return api<AbuseQueuePage>(`/api/admin/abuse-reports?${params}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useHandleReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: string; note: string }) =>
      api<AbuseQueueItem>(`/api/admin/abuse-reports/${encodeURIComponent(id)}/handle`, {
        method: 'POST',
        body: { note },
      }),
    // Handled (or found handled by another admin): it moves from one list to the other.
    onSettled: () => client.invalidateQueries({ queryKey: QUEUE_KEY }),
  });
}
