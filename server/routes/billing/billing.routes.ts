import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { billingEndpoints as endpoints } from '../../../common/endpoints/billing';
import { route } from '../route';

// A person edits a handful of addresses; this only stops a script from churning the table.
const writeLimit = { config: { rateLimit: { max: 30, timeWindow: '15 minutes' } } };

/**
 * The caller's billing addresses (SPEC 3): the operations of `common/endpoints/billing.ts`. There is no
 * user id in any path: `billingAddresses` scopes every query to the caller, so another user's address
 * id is simply not found (404) and nothing changes.
 */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { billingAddresses } = app.services;

  route(app, endpoints.list, ({ caller }) => billingAddresses.list(caller.id));
  route(app, endpoints.create, ({ caller, body }) => billingAddresses.create(caller.id, body), writeLimit);
  route(
    app,
    endpoints.update,
    ({ caller, params, body }) => billingAddresses.update(caller.id, params.id, body),
    writeLimit,
  );
  route(
    app,
    endpoints.remove,
    ({ caller, params }) => billingAddresses.remove(caller.id, params.id),
    writeLimit,
  );
  route(
    app,
    endpoints.makeDefault,
    ({ caller, params }) => billingAddresses.makeDefault(caller.id, params.id),
    writeLimit,
  );
};
