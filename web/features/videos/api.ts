import { useQuery } from '@tanstack/react-query';
import type { VideoDetail } from '../../../common/contracts/videos';
import { ApiError, api } from '../../lib/api';

/** The video page's data; a 404 (missing, or hidden from this caller) is final, not retried. */
export function useVideo(videoId: string | undefined) {
  return useQuery({
    queryKey: ['videos', 'detail', videoId],
    queryFn: ({ signal }) => api<VideoDetail>(`/api/videos/${encodeURIComponent(videoId ?? '')}`, { signal }),
    enabled: Boolean(videoId),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
}
