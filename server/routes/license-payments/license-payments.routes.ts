import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkoutResponse, licensePayment } from '../../../common/contracts/license-payments';
import { licenseRequestParams } from '../../../common/contracts/licenses';
import { assertSignedIn } from '../../policies/caller';
import { presentPayment } from '../../services/licensing/payment-presenter';
import { errorBody, errorResponses } from '../responses';

/**
 * Paying for a license and what the buyer receives after (SPEC 2.1 `/me/licenses/{id}/pay`, 4.2): the
 * payment summary and checkout (the buyer only), the original's download and the certificate (the buyer
 * of a completed license and staff). Anyone else finds nothing.
 */
export const licensePaymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const checkout = app.services.licenseCheckout;
  const delivery = app.services.licenseDelivery;

  app.get(
    '/api/license-requests/:id/payment',
    {
      schema: {
        tags: ['licenses'],
        summary: 'What the buyer pays for: video, license type, price and the payment provider',
        params: licenseRequestParams,
        response: { 200: licensePayment, ...errorResponses },
      },
    },
    async (request) => {
      assertSignedIn(request.user);
      const row = await checkout.summary(request.user, request.params.id);
      return presentPayment(row, checkout.providerName, app.storage);
    },
  );

  app.post(
    '/api/license-requests/:id/checkout',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 hour' } },
      schema: {
        tags: ['licenses'],
        summary: 'Go to checkout (buyer, awaiting or processing payment): the provider page to pay on',
        params: licenseRequestParams,
        response: { 200: checkoutResponse, ...errorResponses, 409: errorBody, 502: errorBody },
      },
    },
    async (request) => {
      assertSignedIn(request.user);
      return checkout.checkout(request.user, request.params.id);
    },
  );

  app.get(
    '/api/license-requests/:id/download',
    {
      schema: {
        tags: ['licenses'],
        summary:
          'The original file (buyer of a completed license, staff): a redirect to a signed, expiring URL',
        params: licenseRequestParams,
        response: { 302: z.null().describe('Location: the signed URL of the original'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const url = await delivery.originalUrl(request.user, request.params.id);
      return reply.header('cache-control', 'no-store').redirect(url, 302);
    },
  );

  app.get(
    '/api/license-requests/:id/certificate',
    {
      schema: {
        tags: ['licenses'],
        summary: 'The license certificate PDF (buyer of a completed license, staff)',
        params: licenseRequestParams,
        response: {
          200: { description: 'The PDF', content: { 'application/pdf': { schema: z.any() } } },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await delivery.certificate(request.user, request.params.id);
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .type('application/pdf')
        .send(pdf);
    },
  );
};
