import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { standingRequestEndpoints as endpoints } from '../../../common/endpoints/standing-requests';
import { route } from '../route';

// A person saves and edits a handful of searches; this only stops a script from churning the table.
const writeLimit = { config: { rateLimit: { max: 30, timeWindow: '15 minutes' } } };
// Guessing a signature is hopeless; the limit keeps a script from trying anyway.
const unsubscribeLimit = { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } };

/**
 * A member's standing requests (issue 34): the operations of `common/endpoints/standing-requests.ts`.
 * There is no user id in any path: the service scopes every query to the caller, so another member's
 * request is simply not found (404). The unsubscribe takes no session, only the link's signature.
 */
export const standingRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  const { standingRequests } = app.services;
  // A mail program's one-click unsubscribe (RFC 8058) posts `List-Unsubscribe=One-Click` as a form:
  // accepted here and ignored, since the path and the signature say everything.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, _body, done) =>
    done(null, undefined),
  );

  route(app, endpoints.list, ({ caller }) => standingRequests.list(caller.id));
  route(app, endpoints.create, ({ caller, body }) => standingRequests.create(caller.id, body), writeLimit);
  route(
    app,
    endpoints.update,
    ({ caller, params, body }) => standingRequests.update(caller.id, params.id, body),
    writeLimit,
  );
  route(
    app,
    endpoints.remove,
    ({ caller, params }) => standingRequests.remove(caller.id, params.id),
    writeLimit,
  );
  route(app, endpoints.matches, ({ caller, params, query }) =>
    standingRequests.matches(caller, params.id, query),
  );
  route(app, endpoints.demand, ({ caller, query }) => standingRequests.demand(caller.id, query));
  route(
    app,
    endpoints.unsubscribe,
    ({ params, query }) => standingRequests.unsubscribe(params.id, query.token),
    unsubscribeLimit,
  );
};
