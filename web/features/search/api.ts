import { LIMITS } from '../../../common/constants';
import { videoEndpoints } from '../../../common/endpoints/videos';
import { parseKeywords } from '../../../common/keywords';
import type { FetchVideoPage, VideoGridProps } from '../../components/video-grid';
import { clientOf } from '../../lib/api-client';
import {
  type AddressFilters,
  filterQuery,
  filterSearch,
  filtersOf,
  hasFilters,
  NO_FILTERS,
} from './search-filters';

const videos = clientOf(videoEndpoints);

const PAGE_SIZE = 12;

/** A page of the results of a search by keywords (comma-separated, as the address has them) and filters. */
const searchPage =
  (keywords: string, filters: AddressFilters, limit: number): FetchVideoPage =>
  (cursor, signal) =>
    videos.search({ query: { keywords, ...filterQuery(filters), limit, cursor } }, { signal });

/**
 * The results grid of /videos/search/{keywords} (and of /videos/search with filters only): the keywords
 * the address chooses, its filters, and their grid's query, which the route's loader starts and the page
 * shows; `searchable` when there is anything to search by.
 */
export function searchResultsGrid(
  keyword: string,
  filters: AddressFilters = NO_FILTERS,
): Pick<VideoGridProps, 'queryKey' | 'fetchPage'> & { chosen: string[]; searchable: boolean } {
  const chosen = parseKeywords(keyword).slice(0, LIMITS.searchKeywordsMax);
  const chosenKey = chosen.join(',');
  return {
    chosen,
    searchable: chosen.length > 0 || hasFilters(filters),
    queryKey: ['videos', 'search', chosenKey, filterSearch({ ...filters, place: '' })],
    fetchPage: searchPage(chosenKey, filters, PAGE_SIZE),
  };
}

/** The results grid of an address of the results page: its keyword segment and its query's filters. */
export const searchResultsAt = (keyword: string, searchParams: URLSearchParams) =>
  searchResultsGrid(keyword, filtersOf(searchParams));
