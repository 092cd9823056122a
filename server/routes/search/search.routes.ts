import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { videoEndpoints as endpoints } from '../../../common/endpoints/videos';
import { sharedWithVisitors } from '../../plugins/public-answer-cache';
import { route } from '../route';

/** Suggestions change only as videos come and go: a few minutes of staleness costs nothing. */
const SUGGESTIONS_CACHE = 'public, max-age=300, stale-while-revalidate=3600';

/** Search (issue 8): videos by keywords and words, and keyword suggestions for the picker. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { videoCatalog } = app.services;

  route(app, endpoints.search, ({ caller, query }) => videoCatalog.search(caller, query), sharedWithVisitors);
  route(app, endpoints.keywordSuggestions, async ({ query, reply }) => {
    const suggestions = await videoCatalog.keywordSuggestions(query.q, query.limit);
    reply.header('cache-control', SUGGESTIONS_CACHE);
    return suggestions;
  });
};
