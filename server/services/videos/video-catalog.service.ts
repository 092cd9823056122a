import { type SearchFilterQuery, searchFiltersOf } from '../../../common/contracts/search';
import type { VideoListResponse } from '../../../common/contracts/videos';
import { normalizeKeyword, searchWords } from '../../../common/keywords';
import type { VideoStatus } from '../../../common/video-status';
import type { Storage } from '../../adapters/storage/storage';
import { AppError } from '../../errors';
import type { CallerFacts } from '../../policies/caller';
import { canSeeReferrer } from '../../policies/staff.policy';
import { listablePrivacy, listableStatuses } from '../../policies/video.policy';
import type { Executor } from '../../repositories/executor';
import { keywordSummaryRepository } from '../../repositories/keyword-summary.repository';
import { type SearchPosition, videoSearchRepository } from '../../repositories/video-search.repository';
import { videosRepository } from '../../repositories/videos.repository';
import { cursorAfter, decodeCursor, encodeCursor, pageOf } from '../paging';
import { presentVideoCard } from './video-presenter';

type Viewer = CallerFacts | null;

const EMPTY_PAGE: VideoListResponse = { items: [], nextCursor: null };

/** The page position a search cursor holds: the tier and the id of the last video shown. */
function searchPosition(cursor: string | undefined): SearchPosition | null {
  if (!cursor) return null;
  const match = /^([012])-(.+)$/.exec(decodeCursor(cursor) ?? '');
  if (!match) {
    throw new AppError('VALIDATION_FAILED', 400, undefined, [
      { field: 'cursor', message: 'errors.VALIDATION_FAILED' },
    ]);
  }
  return { tier: Number(match[1]) as SearchPosition['tier'], id: match[2] as string };
}

/**
 * What visitors, members and staff find: the lists, the search and the keyword summary, each narrowed by
 * the visibility policy (public statuses and privacy for everyone; every video for its owner and for
 * staff). The video page itself is `video-page.service.ts`.
 */
export function videoCatalogService(deps: { db: Executor; storage: Storage }) {
  const videos = videosRepository(deps.db);
  const search = videoSearchRepository(deps.db);
  const summary = keywordSummaryRepository(deps.db);

  return {
    /** A page of cards, newest first; `nextCursor` leads to the next. */
    async list(
      viewer: Viewer,
      query: { limit: number; cursor?: string; userId?: string; status?: VideoStatus },
    ): Promise<VideoListResponse> {
      const afterId = cursorAfter(query.cursor);
      const statuses = listableStatuses(viewer, query);
      if (statuses === 'none') return EMPTY_PAGE;
      // Unlisted videos open by their link only; private ones are for the owner and staff.
      const privacy = listablePrivacy(viewer, query);
      const { limit, userId } = query;
      const rows = await videos.list({ limit, userId, afterId, statuses, privacy });
      const withReferrer = canSeeReferrer(viewer);
      return pageOf(rows, limit, (row) => presentVideoCard(row, deps.storage, withReferrer));
    },

    /**
     * A page of the videos with every keyword, then every word in the title, then in the title or
     * description; its cursor holds the tier as well as the last id.
     */
    async search(
      viewer: Viewer,
      query: { keywords: string[]; q: string; limit: number; cursor?: string } & SearchFilterQuery,
    ): Promise<VideoListResponse> {
      const after = searchPosition(query.cursor);
      const statuses = listableStatuses(viewer, {});
      if (statuses === 'none') return EMPTY_PAGE;
      const rows = await search.search({
        keywords: query.keywords.map(normalizeKeyword),
        words: searchWords(`${query.keywords.join(' ')} ${query.q}`),
        statuses,
        privacy: listablePrivacy(viewer, {}),
        filters: searchFiltersOf(query),
        limit: query.limit,
        after,
      });
      const withReferrer = canSeeReferrer(viewer);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map((row) => presentVideoCard(row, deps.storage, withReferrer)),
        nextCursor: rows.length > query.limit && last ? encodeCursor(`${last.tier}-${last.id}`) : null,
      };
    },

    /** The most used keywords of publicly listed videos. */
    popularKeywords: async (limit: number) => ({ keywords: await summary.top(limit) }),

    /** Keywords starting with the typed text (case and accents ignored); the most used when it is empty. */
    async keywordSuggestions(q: string, limit: number) {
      const prefix = normalizeKeyword(q);
      return { items: prefix ? await summary.startingWith(prefix, limit) : await summary.top(limit) };
    },
  };
}
