import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mrssEndpoints as endpoints } from '../../../common/endpoints/mrss';
import { route } from '../route';

/**
 * The partners' Media RSS feed (issue 20): `GET /api/feeds/mrss/<token>.xml[?cursor=…]`. Under `/api/`,
 * so the web app's fallback leaves it alone and the page security headers do not apply. A revoked,
 * unknown or malformed token is the same 404. The document is `mrssDocuments`'; this route only says how
 * caches may keep it: shared caches for five minutes, and a reader who has this version gets a 304.
 */
export const mrssFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  const { mrssDocuments } = app.services;

  route(
    app,
    endpoints.feed,
    async ({ params, query, request, reply }) => {
      const { xml, etag, lastModified } = await mrssDocuments.document(params.file, query.cursor);
      reply
        .header('cache-control', 'public, max-age=300')
        .header('etag', etag)
        .header('last-modified', lastModified.toUTCString());
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.type('application/rss+xml; charset=utf-8').send(xml);
    },
    // Partners poll; a script trying tokens is held back by the same limit.
    { config: { rateLimit: { max: 120, timeWindow: '1 minute' } } },
  );
};
