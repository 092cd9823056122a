import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  keywordSuggestionsQuery,
  keywordSuggestionsResponse,
  videoSearchQuery,
} from '../../../common/contracts/search';
import { videoListResponse } from '../../../common/contracts/videos';
import { AppError } from '../../errors';
import { canSeeReferrer } from '../../policies/staff.policy';
import type { SearchPosition } from '../../repositories/video-search.repository';
import { decodeCursor, encodeCursor } from '../../services/paging';
import { presentVideoCard } from '../../services/videos/video-presenter';
import { errorResponses } from '../responses';

/** Suggestions change only as videos come and go: a few minutes of staleness costs nothing. */
const SUGGESTIONS_CACHE = 'public, max-age=300, stale-while-revalidate=3600';

/** The page position a search cursor holds: the tier and the id of the last video shown. */
function positionOf(cursor: string | undefined): SearchPosition | null {
  if (!cursor) return null;
  const match = /^([012])-(.+)$/.exec(decodeCursor(cursor) ?? '');
  if (!match) {
    throw new AppError('VALIDATION_FAILED', 400, undefined, [
      { field: 'cursor', message: 'errors.VALIDATION_FAILED' },
    ]);
  }
  return { tier: Number(match[1]) as SearchPosition['tier'], id: match[2] as string };
}

/** Search (issue 8): videos by keywords and words, and keyword suggestions for the picker. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const catalog = app.services.videoCatalog;

  app.get(
    '/api/videos/search',
    {
      schema: {
        tags: ['videos'],
        summary:
          'Videos the caller may see (the public ones; all for staff) carrying all the keywords, then those with the words in the title, then in the description; newest first within each',
        querystring: videoSearchQuery,
        response: { 200: videoListResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { keywords, q, limit, cursor } = request.query;
      const rows = await catalog.search(request.user, { keywords, q, limit, after: positionOf(cursor) });
      const withReferrer = canSeeReferrer(request.user);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        items: page.map((row) => presentVideoCard(row, app.storage, withReferrer)),
        nextCursor: rows.length > limit && last ? encodeCursor(`${last.tier}-${last.id}`) : null,
      };
    },
  );

  app.get(
    '/api/keywords/suggestions',
    {
      schema: {
        tags: ['videos'],
        summary: 'Keywords starting with the typed text (case and accents ignored), most used first',
        querystring: keywordSuggestionsQuery,
        response: { 200: keywordSuggestionsResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { q, limit } = request.query;
      const items = await catalog.keywordSuggestions(q, limit);
      reply.header('cache-control', SUGGESTIONS_CACHE);
      return { items };
    },
  );
};
