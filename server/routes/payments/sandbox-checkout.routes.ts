import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  licensePayment,
  sandboxOutcomeBody,
  sandboxSessionParams,
  sandboxSignedEvent,
} from '../../../common/contracts/license-payments';
import { assertSignedIn } from '../../policies/caller';
import { presentPayment } from '../../services/licensing/payment-presenter';
import { errorBody, errorResponses } from '../responses';

/**
 * The sandbox checkout page's API (only while PAYMENT_PROVIDER=sandbox; 404 otherwise): the session's
 * facts, and Pay or Decline, which hand the page an event signed as the provider signs it, for the page
 * to deliver to the webhook. Only the buyer whose session it is gets either.
 */
export const sandboxCheckoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const checkout = app.services.licenseCheckout;

  app.get(
    '/api/payments/sandbox/sessions/:sessionId',
    {
      schema: {
        tags: ['payments'],
        summary: "The sandbox checkout session's request: video, license type, amount (its buyer only)",
        params: sandboxSessionParams,
        response: { 200: licensePayment, ...errorResponses },
      },
    },
    async (request) => {
      assertSignedIn(request.user);
      const row = await checkout.sandboxSession(request.user, request.params.sessionId);
      return presentPayment(row, 'sandbox', app.storage);
    },
  );

  app.post(
    '/api/payments/sandbox/sessions/:sessionId/events',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 hour' } },
      schema: {
        tags: ['payments'],
        summary: 'Pay or decline in the sandbox checkout: a signed event for the webhook (its buyer only)',
        params: sandboxSessionParams,
        body: sandboxOutcomeBody,
        response: { 200: sandboxSignedEvent, ...errorResponses, 409: errorBody },
      },
    },
    async (request) => {
      assertSignedIn(request.user);
      const signed = await checkout.sandboxEvent(
        request.user,
        request.params.sessionId,
        request.body.outcome,
      );
      return { ...signed, webhookUrl: '/api/payments/sandbox/webhook' };
    },
  );
};
