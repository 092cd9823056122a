import { queryOptions, useQuery } from '@tanstack/react-query';
import { videoEndpoints } from '../../../common/endpoints/videos';
import type { VideoStatus } from '../../../common/video-status';
import type { FetchVideoPage } from '../../components/video-grid';
import { ApiError } from '../../lib/api';
import { clientOf } from '../../lib/api-client';
import { videoDetailKey } from '../../lib/query-keys';

const videos = clientOf(videoEndpoints);

/** The video page's data; a 404 (missing, or hidden from this caller) is final, not retried. */
export const videoDetailQuery = (videoId: string) =>
  queryOptions({
    queryKey: videoDetailKey(videoId),
    queryFn: ({ signal }) => videos.detail({ params: { videoId } }, { signal }),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });

export function useVideo(videoId: string | undefined) {
  return useQuery({ ...videoDetailQuery(videoId ?? ''), enabled: Boolean(videoId) });
}

/** A page of /videos: the public videos, or for staff those of one status. */
export const videoListPage =
  (limit: number, status: VideoStatus | null): FetchVideoPage =>
  (cursor, signal) =>
    videos.list({ query: { limit, status: status ?? undefined, cursor } }, { signal });

/** The "From the file" card's facts (issue 33), asked for only by those the page says may read them. */
export function useVideoProvenance(videoId: string) {
  return useQuery({
    queryKey: [...videoDetailKey(videoId), 'provenance'],
    queryFn: ({ signal }) => videos.provenance({ params: { videoId } }, { signal }),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
}
