import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { systemEndpoints as endpoints } from '../../../common/endpoints/system';
import { route } from '../route';

/**
 * Liveness, readiness, the Prometheus metrics and the settings the web app needs
 * (`common/endpoints/system.ts`).
 */
export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  const { health, publicConfig, metrics } = app.services;
  // Neither answer is the error shape: a load balancer reads the same body whether the check passes or not.

  route(
    app,
    endpoints.health,
    async ({ reply }) => {
      const answer = await health.check();
      return answer.status === 'ok' ? answer : reply.status(503).send(answer);
    },
    { logLevel: 'warn' },
  );
  route(
    app,
    endpoints.ready,
    async ({ reply }) => {
      const answer = await health.ready();
      return answer.status === 'ready' ? answer : reply.status(503).send(answer);
    },
    { logLevel: 'warn' },
  );
  // Only with METRICS_TOKEN: without it `/metrics` is an unknown path (404) and nothing is counted.
  if (metrics) {
    route(
      app,
      endpoints.metrics,
      async ({ request, reply }) => {
        const { contentType, text } = await metrics.scrape(request.headers.authorization);
        return reply.header('cache-control', 'no-store').type(contentType).send(text);
      },
      { logLevel: 'warn' },
    );
  }
  route(app, endpoints.config, async () => publicConfig.view());
};
