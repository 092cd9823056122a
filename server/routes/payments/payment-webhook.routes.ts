import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentsEndpoints as endpoints } from '../../../common/endpoints/payments';
import { route } from '../route';

/**
 * The payment provider's webhook, `POST /api/payments/{provider}/webhook`: Stripe's events and the
 * sandbox checkout's alike. No session and no cookies are involved (the CSRF guard lets a request without
 * cookies through): the provider's signature over the raw body is the only proof, so the body is kept as
 * the bytes that were signed, whatever content type the sender names.
 */
export const paymentWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { licensePaymentEvents } = app.services;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  route(
    app,
    endpoints.webhook,
    ({ params, request }) => licensePaymentEvents.receive(params.provider, request.body, request.headers),
    {
      bodyLimit: 256 * 1024,
      // Generous: a provider retries in bursts, and every delivery is cheap to refuse when unsigned.
      config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
    },
  );
};
