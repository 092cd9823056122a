import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { abuseEndpoints as endpoints } from '../../../common/endpoints/abuse';
import { route } from '../route';

/** The admins' queue of problem reports sent from the floating modal (SPEC 2.8), newest first. */
export const abuseQueueRoutes: FastifyPluginAsyncZod = async (app) => {
  const { abuseReports } = app.services;

  route(app, endpoints.queue, ({ query }) => abuseReports.queue(query));
  route(app, endpoints.handle, ({ caller, params, body }) =>
    abuseReports.handle(caller.id, params.reportId, body.note),
  );
};
