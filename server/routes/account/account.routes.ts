import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeEmailInput, languageBody, setPasswordBody } from '../../../common/contracts/auth';
import { AppError } from '../../errors';
import { assertSignedIn } from '../../policies/caller';
import { errorBody, errorResponses } from '../responses';

const ok = z.object({ status: z.literal(true) });

/** Account actions better-auth keeps server-only, or that we run ourselves, behind our session. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Re-authentication: the current password must be right, or the action is refused. */
  const verifyPassword = async (password: string, headers: Headers) => {
    try {
      await app.auth.api.verifyPassword({ body: { password }, headers });
    } catch {
      throw new AppError('INVALID_PASSWORD', 400);
    }
  };

  app.post(
    '/api/account/email',
    {
      config: { rateLimit: { max: 5, timeWindow: '15 minutes' } },
      schema: {
        tags: ['account'],
        summary: 'Ask to change the sign-in e-mail: a confirmation link goes to the new address',
        body: changeEmailInput,
        response: { 202: ok, ...errorResponses, 409: errorBody },
      },
    },
    async (request, reply) => {
      assertSignedIn(request.user);
      await verifyPassword(request.body.password, fromNodeHeaders(request.headers));
      await app.services.emailChange.request(request.user.id, request.body.newEmail);
      return reply.status(202).send({ status: true as const });
    },
  );

  app.post(
    '/api/account/password',
    {
      config: { rateLimit: { max: 5, timeWindow: '15 minutes' } },
      schema: {
        tags: ['account'],
        summary: 'Set a first password on an account made through a social login',
        body: setPasswordBody,
        response: { 200: ok, ...errorResponses },
      },
    },
    async (request) => {
      assertSignedIn(request.user);
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

  app.put(
    '/api/account/language',
    {
      config: { rateLimit: { max: 30, timeWindow: '15 minutes' } },
      schema: {
        tags: ['account'],
        summary: 'Save the language the user chose in the app: their mail and SMS follow it',
        body: languageBody,
        response: { 200: ok, ...errorResponses },
      },
    },
    async (request) => {
      assertSignedIn(request.user);
      await app.services.accountPreferences.setLanguage(request.user.id, request.body.language);
      return { status: true as const };
    },
  );
};
