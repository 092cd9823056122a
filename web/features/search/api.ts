import { videoEndpoints } from '../../../common/endpoints/videos';
import type { FetchVideoPage } from '../../components/video-grid';
import { clientOf } from '../../lib/api-client';

const videos = clientOf(videoEndpoints);

/** A page of the results of a search by keywords (comma-separated, as the address has them). */
export const searchPage =
  (keywords: string, limit: number): FetchVideoPage =>
  (cursor, signal) =>
    videos.search({ query: { keywords, limit, cursor } }, { signal });
