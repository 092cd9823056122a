import { useInfiniteQuery } from '@tanstack/react-query';
import type { EditSuggestionList } from '../../../common/contracts/video-edits';
import { api } from '../../lib/api';
import { MY_SUGGESTIONS_KEY } from '../../lib/query-keys';

/** The member's own edit suggestions, newest first. Under 'video_edits', so a live decision reads it again. */
export function useMySuggestions() {
  return useInfiniteQuery({
    queryKey: MY_SUGGESTIONS_KEY,
    queryFn: ({ pageParam }) =>
      api<EditSuggestionList>(
        `/api/me/edit_suggestions?limit=10${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
