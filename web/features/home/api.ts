import { videoEndpoints } from '../../../common/endpoints/videos';
import type { FetchVideoPage } from '../../components/video-grid';
import { clientOf } from '../../lib/api-client';

const videos = clientOf(videoEndpoints);

/** The latest public videos (the home page shows the first page only). */
export const latestVideosPage =
  (limit: number): FetchVideoPage =>
  (cursor, signal) =>
    videos.list({ query: { limit, cursor } }, { signal });

/** The most used keywords with their counts. */
export const popularKeywords = (limit: number, signal: AbortSignal) =>
  videos.keywords({ query: { limit } }, { signal });
