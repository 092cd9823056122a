import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentsEndpoints as endpoints } from '../../../common/endpoints/payments';
import { route } from '../route';

/**
 * The sandbox checkout page's API (only while PAYMENT_PROVIDER=sandbox; 404 otherwise): the session's
 * facts, and Pay or Decline, which hand the page an event signed as the provider signs it, for the page
 * to deliver to the webhook. Only the buyer whose session it is gets either.
 */
export const sandboxCheckoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const { licenseCheckout: checkout } = app.services;

  route(app, endpoints.sandboxSession, ({ caller, params }) =>
    checkout.sandboxPayment(caller, params.sessionId),
  );
  route(
    app,
    endpoints.sandboxEvent,
    ({ caller, params, body }) => checkout.sandboxEvent(caller, params.sessionId, body.outcome),
    { config: { rateLimit: { max: 60, timeWindow: '1 hour' } } },
  );
};
