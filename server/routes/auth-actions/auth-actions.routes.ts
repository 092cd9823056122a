import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  actionCodeBody,
  actionCodeParams,
  emailResult,
  passwordResetInfo,
} from '../../../common/contracts/auth';
import { AppError } from '../../errors';
import { errorBody, errorResponses } from '../responses';

/** Checks the code of an e-mail link before the app shows the matching form (SPEC 2.1 `mode` + `oobCode`). */
export const authActionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const accounts = app.services.accountOverview;

  app.get(
    '/api/auth-actions/reset-password/:code',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'The e-mail address a password-reset code belongs to',
        params: actionCodeParams,
        response: { 200: passwordResetInfo, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const reset = await accounts.findPasswordReset(request.params.code);
      if (!reset) throw new AppError('INVALID_ACTION_CODE', 400);
      if (reset.expires_at.getTime() < Date.now()) throw new AppError('ACTION_CODE_EXPIRED', 400);
      return { email: reset.email };
    },
  );

  const applyCode = (url: string, summary: string, apply: (code: string) => Promise<{ email: string }>) =>
    app.post(
      url,
      {
        config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
        schema: {
          tags: ['auth'],
          summary,
          body: actionCodeBody,
          response: { 200: emailResult, ...errorResponses, 409: errorBody },
        },
      },
      async (request) => apply(request.body.code),
    );
  applyCode(
    '/api/auth-actions/verify-email',
    'Apply a new-address confirmation link (signs out everywhere)',
    (code) => app.services.emailChange.confirm(code),
  );
  applyCode(
    '/api/auth-actions/recover-email',
    'Apply an e-mail recovery link (signs out, mails a reset link)',
    (code) => app.services.emailChange.recover(code),
  );
};
