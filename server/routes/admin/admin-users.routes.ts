import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminEndpoints as endpoints } from '../../../common/endpoints/admin';
import { route } from '../route';

/**
 * The back office (issue 20): the operations of `common/endpoints/admin.ts`, the dashboard, the users,
 * their rights and accounts, and the audit log. Admins only (the table's access): a visitor gets 401,
 * everyone else 403, and nothing changes.
 */
export const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { adminDashboard, adminUsers, auditLog } = app.services;

  route(app, endpoints.dashboard, () => adminDashboard.overview());
  route(app, endpoints.users, ({ query }) => adminUsers.search(query));
  route(app, endpoints.user, ({ caller, params }) => adminUsers.view(caller.id, params.userId));
  route(app, endpoints.setRights, ({ caller, params, body }) =>
    adminUsers.setRights(caller, params.userId, body.rights, body.reason),
  );
  route(app, endpoints.disable, ({ caller, params, body }) =>
    adminUsers.setDisabled(caller, params.userId, true, body.reason),
  );
  route(app, endpoints.enable, ({ caller, params, body }) =>
    adminUsers.setDisabled(caller, params.userId, false, body.reason),
  );
  route(app, endpoints.auditLog, ({ query }) => auditLog.list(query));
};
