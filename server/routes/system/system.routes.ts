import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { systemEndpoints as endpoints } from '../../../common/endpoints/system';
import { route } from '../route';

/** Liveness and the settings the web app needs (`common/endpoints/system.ts`). */
export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  const { health, publicConfig } = app.services;

  route(
    app,
    endpoints.health,
    async ({ reply }) => {
      const answer = await health.check();
      // Not the error shape: a load balancer reads the same body whether the database answers or not.
      return answer.status === 'ok' ? answer : reply.status(503).send(answer);
    },
    { logLevel: 'warn' },
  );
  route(app, endpoints.config, async () => publicConfig.view());
};
