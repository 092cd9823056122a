import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentProviderParams, webhookResponse } from '../../../common/contracts/license-payments';
import { errorBody } from '../responses';

/**
 * The payment provider's webhook, `POST /api/payments/{provider}/webhook`: Stripe's events and the
 * sandbox checkout's alike. No session and no cookies are involved (the CSRF guard lets a request without
 * cookies through): the provider's signature over the raw body is the only proof, so the body is kept as
 * the bytes that were signed, whatever content type the sender names.
 */
export const paymentWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/api/payments/:provider/webhook',
    {
      bodyLimit: 256 * 1024,
      // Generous: a provider retries in bursts, and every delivery is cheap to refuse when unsigned.
      config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
      schema: {
        tags: ['payments'],
        summary: "The payment provider's signed events (checkout completed, failed, expired)",
        params: paymentProviderParams,
        response: { 200: webhookResponse, 400: errorBody, 404: errorBody, 413: errorBody, 429: errorBody },
      },
    },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const { outcome } = await app.services.licensePaymentEvents.receive(
        request.params.provider,
        raw,
        request.headers,
      );
      return { received: true as const, outcome };
    },
  );
};
