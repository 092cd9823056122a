import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userEndpoints as endpoints } from '../../../common/endpoints/users';
import { route } from '../route';

/** Users as anyone may see them: public fields only (never e-mail, phone or billing data). */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { community } = app.services;

  route(app, endpoints.community, ({ query }) => community.members(query));
  route(app, endpoints.profile, ({ caller, params }) => community.profile(caller, params.userId));
};
