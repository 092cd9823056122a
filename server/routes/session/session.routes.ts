import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionEndpoints as endpoints } from '../../../common/endpoints/account';
import { route } from '../route';

/** Who is signed in: `sessionEndpoints` of `common/endpoints/account.ts`. */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accountOverview } = app.services;

  route(app, endpoints.session, ({ caller, reply }) => {
    // Public, yet each answer is one browser's own: no cache may keep it.
    reply.header('cache-control', 'no-store');
    return accountOverview.session(caller);
  });
};
