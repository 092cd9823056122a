import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { abuseReportCreated, abuseReportInput } from '../../../common/contracts/abuse';
import { errorResponses } from '../responses';

/** Anyone, signed in or not, may report a problem (SPEC 6); the rate limit keeps the table clean. */
export const abuseRoutes: FastifyPluginAsyncZod = async (app) => {
  const reports = app.services.abuseReports;

  app.post(
    '/api/abuse-reports',
    {
      config: { rateLimit: { max: 5, timeWindow: '10 minutes' } },
      schema: {
        tags: ['abuse'],
        summary: 'Send a problem (abuse) report',
        body: abuseReportInput,
        response: { 201: abuseReportCreated, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { id, created } = await reports.report(request.body, request.user?.id ?? null);
      return reply.status(201).send({ id, created: created.toISOString() });
    },
  );
};
