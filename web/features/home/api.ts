import { videoEndpoints } from '../../../common/endpoints/videos';
import type { VideoGridProps } from '../../components/video-grid';
import { clientOf } from '../../lib/api-client';

const videos = clientOf(videoEndpoints);

/** How many of the latest videos the home page shows. */
const LATEST_COUNT = 8;

/** The home page's grid: the latest public videos, the first page only. */
export const latestVideosGrid: Pick<VideoGridProps, 'queryKey' | 'fetchPage'> = {
  queryKey: ['videos', 'list', 'public', 'latest'],
  fetchPage: (cursor, signal) => videos.list({ query: { limit: LATEST_COUNT, cursor } }, { signal }),
};

/** The most used keywords with their counts. */
export const popularKeywords = (limit: number, signal: AbortSignal) =>
  videos.keywords({ query: { limit } }, { signal });
