import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { licensingEndpoints as endpoints } from '../../../common/endpoints/licensing';
import { route } from '../route';

// A buyer writes a few messages; this only stops a script from flooding a conversation.
const writeLimit = { config: { rateLimit: { max: 60, timeWindow: '15 minutes' } } };

/**
 * Licensing (SPEC 2.6, 4.2): the operations of `common/endpoints/licensing.ts`. Who may call is the
 * table's; what a caller may do to one request is `licenseRequests`' (it asks `policies/license.policy.ts`):
 * a request is the buyer's and the license managers', and to anyone else it does not exist (404).
 * Payment, the download and the certificate are the payments routes'.
 */
export const licensingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { licenseRequests, licenseRefunds, licenseTypes, licenseBundles } = app.services;

  route(app, endpoints.types, () => licenseTypes.listActive());
  route(
    app,
    endpoints.create,
    ({ caller, params, body }) => licenseRequests.create(caller, params.videoId, body),
    { config: { rateLimit: { max: 30, timeWindow: '1 hour' } } },
  );
  route(app, endpoints.bundle, ({ caller, params }) => licenseBundles.view(caller, params.id));
  route(app, endpoints.mine, ({ caller, query }) => licenseRequests.listMine(caller, query));
  route(app, endpoints.managed, ({ query }) => licenseRequests.listManaged(query));
  route(app, endpoints.view, ({ caller, params }) => licenseRequests.view(caller, params.id));
  route(
    app,
    endpoints.cancel,
    ({ caller, params, body }) => licenseRequests.cancel(caller, params.id, body.reason),
    writeLimit,
  );
  route(
    app,
    endpoints.quote,
    ({ caller, params, body }) => licenseRequests.quote(caller, params.id, body.priceCents),
    writeLimit,
  );
  route(
    app,
    endpoints.refund,
    ({ caller, params, body }) => licenseRefunds.refund(caller, params.id, body.reason),
    writeLimit,
  );
  route(
    app,
    endpoints.refundBundle,
    ({ caller, params, body }) => licenseRefunds.refundBundle(caller, params.id, body.reason),
    writeLimit,
  );
  route(app, endpoints.messages, ({ caller, params }) => licenseRequests.messages(caller, params.id));
  route(
    app,
    endpoints.postMessage,
    ({ caller, params, body }) => licenseRequests.postMessage(caller, params.id, body.body),
    writeLimit,
  );
};
