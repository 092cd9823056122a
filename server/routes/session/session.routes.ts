import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionResponse } from '../../../common/contracts/session';

export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/session',
    {
      schema: {
        tags: ['session'],
        summary: 'Who is signed in (null for a visitor)',
        response: { 200: sessionResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { user: request.user };
    },
  );
};
