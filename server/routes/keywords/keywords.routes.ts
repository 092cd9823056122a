import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { videoEndpoints as endpoints } from '../../../common/endpoints/videos';
import { route } from '../route';

/**
 * Five minutes: the counts change only when videos come and go, a popular-keywords list a few minutes
 * old is still right for every visitor (it says nothing about the caller), and the home page of every
 * visitor asks for it, so browsers and shared caches may answer instead of the database.
 */
const KEYWORDS_MAX_AGE_SECONDS = 5 * 60;

/** The keyword summary (SPEC 3 "Video data summary"): the most used keywords, most used first. */
export const keywordsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { videoCatalog } = app.services;

  route(app, endpoints.keywords, ({ query, reply }) => {
    reply.header('cache-control', `public, max-age=${KEYWORDS_MAX_AGE_SECONDS}`);
    return videoCatalog.popularKeywords(query.limit);
  });
};
