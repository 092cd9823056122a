import { useQuery } from '@tanstack/react-query';
import { DATA_CACHE_TTL_MS } from '../../common/constants';
import type { KeywordCount } from '../../common/contracts/videos';
import { videoEndpoints } from '../../common/endpoints/videos';
import { call } from './api-client';
import { readCached, writeCached } from './local-store';

/** How many of the most used keywords the browser keeps (the picker's instant suggestions, popular lists). */
export const KEYWORD_SUMMARY_SIZE = 100;
const STORAGE_KEY = 'clipmarket.keywordSummary';

/**
 * The keyword summary (SPEC 3 'Video data summary', SPEC 7 'data/videos cached 24 h'): read from local
 * storage while its ttl holds, else fetched and kept for another 24 hours.
 */
export async function loadKeywordSummary(): Promise<KeywordCount[]> {
  const cached = readCached<KeywordCount[]>(STORAGE_KEY);
  if (cached && Array.isArray(cached.data)) return cached.data;
  const { keywords } = await call(videoEndpoints.keywords, { query: { limit: KEYWORD_SUMMARY_SIZE } });
  writeCached(STORAGE_KEY, keywords, DATA_CACHE_TTL_MS);
  return keywords;
}

/** The most used keywords, most used first. */
export function useKeywordSummary() {
  return useQuery({
    queryKey: ['keywords', 'summary'],
    queryFn: loadKeywordSummary,
    staleTime: DATA_CACHE_TTL_MS,
  });
}
