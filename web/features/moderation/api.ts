import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewQueue } from '../../../common/contracts/moderation';
import type { EditSuggestion, EditSuggestionList } from '../../../common/contracts/video-edits';
import { api } from '../../lib/api';
import { VIDEOS_KEY } from '../../lib/query-keys';

/** The review queue, a page at a time. Under 'videos', so a live status event reads it again. */
export function useReviewQueue() {
  return useInfiniteQuery({
    queryKey: ['videos', 'review'],
    queryFn: ({ pageParam }) =>
      api<ReviewQueue>(
        `/api/review/videos?limit=10${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Pending edit suggestions, oldest first. */
export function usePendingSuggestions() {
  return useInfiniteQuery({
    queryKey: ['video_edits', 'pending'],
    queryFn: ({ pageParam }) =>
      api<EditSuggestionList>(
        `/api/video_edits?status=pending&limit=10${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useDecideSuggestion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: { id: string; apply: true } | { id: string; apply: false; reason: string }) =>
      api<EditSuggestion>(
        `/api/video_edits/${decision.id}/${decision.apply ? 'apply' : 'reject'}`,
        decision.apply ? { method: 'POST' } : { method: 'POST', body: { reason: decision.reason } },
      ),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['video_edits'] });
      void client.invalidateQueries({ queryKey: VIDEOS_KEY });
    },
  });
}
