import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicConfig } from '../../../common/contracts/config';
import { healthResponse } from '../../../common/contracts/health';

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness: answers 200 when the database answers',
        response: { 200: healthResponse, 503: z.object({ status: z.literal('unavailable') }) },
      },
      logLevel: 'warn',
    },
    async (_request, reply) => {
      const health = await app.services.health.check();
      return health.status === 'ok' ? health : reply.status(503).send(health);
    },
  );

  app.get(
    '/api/config',
    { schema: { tags: ['system'], summary: 'Settings the web app needs', response: { 200: publicConfig } } },
    async () => ({
      contactEmail: app.config.contact.email,
      messengerUrl: app.config.contact.messengerUrl ?? null,
      socialProviders: [
        ...(app.config.social.google ? [{ id: 'google', name: 'Google' }] : []),
        ...(app.config.social.facebook ? [{ id: 'facebook', name: 'Facebook' }] : []),
        ...(app.config.social.oidc ? [{ id: 'oidc', name: app.config.social.oidc.name }] : []),
      ],
      geocoderUrl: app.config.maps.geocoderUrl,
      mapTileUrl: app.config.maps.tileUrl,
      uploadMaxBytes: app.config.uploadMaxBytes,
    }),
  );
};
