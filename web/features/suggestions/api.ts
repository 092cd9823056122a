import { useInfiniteQuery } from '@tanstack/react-query';
import { videoEditsEndpoints } from '../../../common/endpoints/video-edits';
import { clientOf } from '../../lib/api-client';
import { MY_SUGGESTIONS_KEY } from '../../lib/query-keys';

const videoEdits = clientOf(videoEditsEndpoints);

/** The member's own edit suggestions, newest first. Under 'video_edits', so a live decision reads it again. */
export function useMySuggestions() {
  return useInfiniteQuery({
    queryKey: MY_SUGGESTIONS_KEY,
    queryFn: ({ pageParam }) => videoEdits.mySuggestions({ query: { limit: 10, cursor: pageParam } }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
