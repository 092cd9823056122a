import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { collectionEndpoints as endpoints } from '../../../common/endpoints/collections';
import { route } from '../route';

// A person sorts a few dozen clips; this only stops a script from churning the tables.
const writeLimit = { config: { rateLimit: { max: 120, timeWindow: '15 minutes' } } };

/**
 * A member's collections (issue 34): the operations of `common/endpoints/collections.ts`. No user id in
 * any path: the service scopes every query to the caller, so another member's collection is not found.
 * A shared collection opens by its secret link alone.
 */
export const collectionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { collections, licenseBundles } = app.services;

  route(app, endpoints.list, ({ caller, query }) => collections.list(caller.id, query.videoId));
  route(app, endpoints.create, ({ caller, body }) => collections.create(caller.id, body.name), writeLimit);
  route(app, endpoints.get, ({ caller, params }) => collections.get(caller, params.id));
  route(
    app,
    endpoints.rename,
    ({ caller, params, body }) => collections.rename(caller, params.id, body.name),
    writeLimit,
  );
  route(app, endpoints.remove, ({ caller, params }) => collections.remove(caller.id, params.id), writeLimit);
  route(
    app,
    endpoints.putItem,
    ({ caller, params, body }) => collections.putItem(caller, params.id, params.videoId, body.note),
    writeLimit,
  );
  route(
    app,
    endpoints.removeItem,
    ({ caller, params }) => collections.removeItem(caller, params.id, params.videoId),
    writeLimit,
  );
  route(
    app,
    endpoints.requestLicenses,
    ({ caller, params, body }) => licenseBundles.create(caller, params.id, body),
    // As many as single requests (licensing.routes.ts): a bundle is at most 50 of them.
    { config: { rateLimit: { max: 30, timeWindow: '1 hour' } } },
  );
  route(
    app,
    endpoints.reorder,
    ({ caller, params, body }) => collections.reorder(caller, params.id, body.videoIds),
    writeLimit,
  );
  route(app, endpoints.share, ({ caller, params }) => collections.share(caller.id, params.id), writeLimit);
  route(
    app,
    endpoints.unshare,
    ({ caller, params }) => collections.unshare(caller.id, params.id),
    writeLimit,
  );
  route(app, endpoints.shared, ({ params }) => collections.shared(params.token));
};
