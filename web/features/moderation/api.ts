import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { moderationEndpoints } from '../../../common/endpoints/moderation';
import { videoEditsEndpoints } from '../../../common/endpoints/video-edits';
import { clientOf } from '../../lib/api-client';
import { VIDEOS_KEY } from '../../lib/query-keys';

const moderation = clientOf(moderationEndpoints);
const videoEdits = clientOf(videoEditsEndpoints);

/** The review queue, a page at a time. Under 'videos', so a live status event reads it again. */
export function useReviewQueue() {
  return useInfiniteQuery({
    queryKey: ['videos', 'review'],
    queryFn: ({ pageParam }) => moderation.reviewQueue({ query: { limit: 10, cursor: pageParam } }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Pending edit suggestions, oldest first. */
export function usePendingSuggestions() {
  return useInfiniteQuery({
    queryKey: ['video_edits', 'pending'],
    queryFn: ({ pageParam }) =>
      videoEdits.suggestions({ query: { status: 'pending', limit: 10, cursor: pageParam } }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useDecideSuggestion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: { id: string; apply: true } | { id: string; apply: false; reason: string }) => {
      const params = { suggestionId: decision.id };
      return decision.apply
        ? videoEdits.apply({ params })
        : videoEdits.reject({ params, body: { reason: decision.reason } });
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['video_edits'] });
      void client.invalidateQueries({ queryKey: VIDEOS_KEY });
    },
  });
}
