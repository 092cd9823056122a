import { queryOptions } from '@tanstack/react-query';
import { videoEndpoints } from '../../common/endpoints/videos';
import { call } from '../lib/api-client';

/** How often to ask again while the preview is being made (a short clip takes seconds, a long one minutes). */
const PREPARING_POLL_MS = 15_000;

/**
 * Where a video plays from for one caller (the server decides: the watermarked preview, or the original
 * for the owner and staff), on a signed URL the player renews before it expires. Asked for by the video
 * page's loader beside the video, and by the player.
 */
export const playbackQuery = (videoId: string, userId: string | null) =>
  queryOptions({
    queryKey: ['videos', videoId, 'playback', userId],
    queryFn: ({ signal }) => call(videoEndpoints.playback, { params: { videoId } }, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    // Not kept after the page closes: a page opened later asks for a fresh URL.
    gcTime: 0,
    retry: 1,
    refetchOnWindowFocus: false,
    refetchInterval: (query) => (query.state.data?.ready === false ? PREPARING_POLL_MS : false),
  });
