import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authActionEndpoints as endpoints } from '../../../common/endpoints/account';
import { route } from '../route';

const applyLimit = { config: { rateLimit: { max: 10, timeWindow: '15 minutes' } } };

/**
 * Checks the code of an e-mail link before the app shows the matching form (SPEC 2.1 `mode` + `oobCode`):
 * `authActionEndpoints` of `common/endpoints/account.ts`.
 */
export const authActionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accountOverview, emailChange } = app.services;

  route(
    app,
    endpoints.resetPasswordInfo,
    ({ params, reply }) => {
      reply.header('cache-control', 'no-store');
      return accountOverview.passwordResetEmail(params.code);
    },
    { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } },
  );
  route(app, endpoints.verifyEmail, ({ body }) => emailChange.confirm(body.code), applyLimit);
  route(app, endpoints.recoverEmail, ({ body }) => emailChange.recover(body.code), applyLimit);
};
