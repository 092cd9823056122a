import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountEndpoints as endpoints } from '../../../common/endpoints/account';
import { route } from '../route';

const credentialLimit = { config: { rateLimit: { max: 5, timeWindow: '15 minutes' } } };

/**
 * Account actions better-auth keeps server-only, or that we run ourselves, behind our session: the
 * operations of `accountEndpoints` in `common/endpoints/account.ts`. better-auth finds the user of a
 * password action by the session, so those get the request's headers.
 */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { emailChange, accountPasswords, accountPreferences } = app.services;

  route(
    app,
    endpoints.changeEmail,
    ({ caller, request, body }) => emailChange.request(caller.id, fromNodeHeaders(request.headers), body),
    credentialLimit,
  );
  route(
    app,
    endpoints.setPassword,
    ({ request, body }) => accountPasswords.setFirst(fromNodeHeaders(request.headers), body.newPassword),
    credentialLimit,
  );
  route(
    app,
    endpoints.setLanguage,
    ({ caller, body }) => accountPreferences.setLanguage(caller.id, body.language),
    { config: { rateLimit: { max: 30, timeWindow: '15 minutes' } } },
  );
};
