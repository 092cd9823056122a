import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionResponse } from '../../../common/contracts/session';
import { usersRepository } from '../../repositories/users.repository';

export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const users = usersRepository(app.database.db);

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
      if (!request.user) return { user: null };
      return { user: { ...request.user, ...(await users.findSignInMethods(request.user.id)) } };
    },
  );
};
