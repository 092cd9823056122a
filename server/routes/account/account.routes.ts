import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setPasswordBody } from '../../../common/contracts/auth';
import { AppError, notAuthenticated } from '../../services/app-error';
import { errorResponses } from '../responses';

/** Account actions better-auth keeps server-only; here behind our session, validation and errors. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/account/password',
    {
      config: { rateLimit: { max: 5, timeWindow: '15 minutes' } },
      schema: {
        tags: ['account'],
        summary: 'Set a first password on an account made through a social login',
        body: setPasswordBody,
        response: { 200: z.object({ status: z.literal(true) }), ...errorResponses },
      },
    },
    async (request) => {
      if (!request.user) throw notAuthenticated();
      try {
        await app.auth.api.setPassword({ body: request.body, headers: fromNodeHeaders(request.headers) });
      } catch (error) {
        if ((error as { body?: { code?: string } }).body?.code === 'PASSWORD_ALREADY_SET') {
          throw new AppError('PASSWORD_ALREADY_SET', 400);
        }
        throw error;
      }
      return { status: true as const };
    },
  );
};
