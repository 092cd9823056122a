import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { licensePaymentsEndpoints as endpoints } from '../../../common/endpoints/license-payments';
import { route } from '../route';

/**
 * Paying for a license and what the buyer receives after (SPEC 2.1 `/me/licenses/{id}/pay`, 4.2): the
 * operations of `common/endpoints/license-payments.ts`. The payment summary and checkout are the buyer's
 * only; the original's download and the certificate the buyer's of a completed license and staff's.
 * Anyone else, a visitor included, finds nothing (the services' 404).
 */
export const licensePaymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { licenseCheckout: checkout, licenseBundleCheckout, licenseDelivery: delivery } = app.services;

  route(app, endpoints.payment, ({ caller, params }) => checkout.payment(caller, params.id));
  route(app, endpoints.checkout, ({ caller, params }) => checkout.checkout(caller, params.id), {
    config: { rateLimit: { max: 30, timeWindow: '1 hour' } },
  });
  route(
    app,
    endpoints.bundleCheckout,
    ({ caller, params }) => licenseBundleCheckout.checkout(caller, params.id),
    {
      config: { rateLimit: { max: 30, timeWindow: '1 hour' } },
    },
  );
  route(app, endpoints.download, async ({ caller, params, reply }) => {
    const url = await delivery.originalUrl(caller, params.id);
    return reply.header('cache-control', 'no-store').redirect(url, 302);
  });
  route(app, endpoints.certificate, async ({ caller, params, reply }) => {
    const { pdf, fileName } = await delivery.certificate(caller, params.id);
    return reply
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .type('application/pdf')
      .send(pdf);
  });
};
