import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mrssEndpoints as endpoints } from '../../../common/endpoints/mrss';
import { route } from '../route';

const writeLimit = { config: { rateLimit: { max: 120, timeWindow: '15 minutes' } } };

/** The answers name secrets, so no cache keeps them. */
function keepOutOfCaches(app: FastifyInstance) {
  // The calling plugin's routes only (Fastify keeps a plugin's hooks to itself).
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
}

/**
 * The admin side of the Media RSS feeds (issue 20, SPEC 2.1 `/admin/mrss`): the operations of
 * `common/endpoints/mrss.ts`, admins only (the table's access). A partner's URL is answered once, when it
 * is made or made again; lists show partners by name. The answers name secrets, so no cache keeps them.
 * Two plugins: the feeds (this one) and their partners' URLs (mrssAdminTokenRoutes).
 */
export const mrssAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { mrssFeeds } = app.services;

  keepOutOfCaches(app);

  route(app, endpoints.list, ({ query }) => mrssFeeds.list(query));
  route(app, endpoints.preview, ({ body }) => mrssFeeds.preview(body.filter));
  route(app, endpoints.create, ({ caller, body }) => mrssFeeds.createPresented(caller.id, body), writeLimit);
  route(
    app,
    endpoints.update,
    ({ caller, params, body }) => mrssFeeds.update(caller.id, params.feedId, body),
    writeLimit,
  );
  route(
    app,
    endpoints.remove,
    ({ caller, params }) => mrssFeeds.remove(caller.id, params.feedId),
    writeLimit,
  );
};

/** A feed's partners: each one's secret URL, added, revoked or made again (admins only). */
export const mrssAdminTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  const { mrssFeeds } = app.services;

  keepOutOfCaches(app);

  route(
    app,
    endpoints.addToken,
    ({ caller, params, body }) => mrssFeeds.addToken(caller.id, params.feedId, body.partnerName),
    writeLimit,
  );
  route(
    app,
    endpoints.revokeToken,
    ({ caller, params }) => mrssFeeds.revokeToken(caller.id, params.feedId, params.tokenId),
    writeLimit,
  );
  route(
    app,
    endpoints.regenerateToken,
    ({ caller, params }) => mrssFeeds.regenerateToken(caller.id, params.feedId, params.tokenId),
    writeLimit,
  );
};
