import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { abuseEndpoints as endpoints } from '../../../common/endpoints/abuse';
import { route } from '../route';

/** Anyone, signed in or not, may report a problem (SPEC 6); the rate limit keeps the table clean. */
export const abuseRoutes: FastifyPluginAsyncZod = async (app) => {
  const { abuseReports } = app.services;

  route(app, endpoints.report, ({ caller, body }) => abuseReports.report(caller?.id ?? null, body), {
    config: { rateLimit: { max: 5, timeWindow: '10 minutes' } },
  });
};
