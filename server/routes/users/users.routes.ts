import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicUser, userIdParams } from '../../../common/contracts/users';
import { usersRepository } from '../../repositories/users.repository';
import { notFound } from '../../services/app-error';
import { errorResponses } from '../responses';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const users = usersRepository(app.database.db);

  app.get(
    '/api/users/:userId',
    {
      schema: {
        tags: ['users'],
        summary: 'A user as anyone may see them (the inviting user on sign-up, bylines)',
        params: userIdParams,
        response: { 200: publicUser, ...errorResponses },
      },
    },
    async (request) => {
      const user = await users.findPublic(request.params.userId);
      if (!user) throw notFound();
      return user;
    },
  );
};
