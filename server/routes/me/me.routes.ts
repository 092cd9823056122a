import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userEndpoints as endpoints } from '../../../common/endpoints/users';
import { route } from '../route';

/** The caller's own things: profile, dashboard, referrals. No user id is taken, so none can be someone else's. */
export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  const { community, profileVerification } = app.services;

  route(app, endpoints.saveProfile, ({ caller, body }) => profileVerification.save(caller.id, body), {
    config: { rateLimit: { max: 20, timeWindow: '15 minutes' } },
  });
  route(app, endpoints.dashboard, ({ caller }) => community.dashboard(caller.id));
  route(app, endpoints.referrals, ({ caller, query }) => community.referrals(caller.id, query));
};
