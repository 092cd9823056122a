import { LIMITS } from '../../../common/constants';
import { videoEndpoints } from '../../../common/endpoints/videos';
import { parseKeywords } from '../../../common/keywords';
import type { FetchVideoPage, VideoGridProps } from '../../components/video-grid';
import { clientOf } from '../../lib/api-client';

const videos = clientOf(videoEndpoints);

const PAGE_SIZE = 12;

/** A page of the results of a search by keywords (comma-separated, as the address has them). */
const searchPage =
  (keywords: string, limit: number): FetchVideoPage =>
  (cursor, signal) =>
    videos.search({ query: { keywords, limit, cursor } }, { signal });

/**
 * The results grid of /videos/search/{keywords}: the keywords the address chooses, and their grid's
 * query, which the route's loader starts and the page shows.
 */
export function searchResultsGrid(keyword: string): Pick<VideoGridProps, 'queryKey' | 'fetchPage'> & {
  chosen: string[];
} {
  const chosen = parseKeywords(keyword).slice(0, LIMITS.searchKeywordsMax);
  const chosenKey = chosen.join(',');
  return { chosen, queryKey: ['videos', 'search', chosenKey], fetchPage: searchPage(chosenKey, PAGE_SIZE) };
}
