import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminDashboard,
  adminUserDetail,
  adminUserList,
  adminUserParams,
  adminUsersQuery,
  auditLogList,
  auditLogQuery,
  userRightsInput,
  userStateInput,
} from '../../../common/contracts/admin-users';
import { normalizeKeyword } from '../../../common/keywords';
import { assertAdmin } from '../../policies/staff.policy';
import {
  presentAdminUser,
  presentAdminUserDetail,
  presentAuditEntry,
} from '../../services/admin/admin-presenter';
import { cursorAfter, pageOf } from '../../services/paging';
import { errorBody, errorResponses } from '../responses';

const refusals = { ...errorResponses, 409: errorBody };
const tags = ['admin'];

/**
 * The back office (issue 20): the dashboard, the users, their rights and accounts, and the audit log.
 * Admins only (`assertAdmin`): a visitor gets 401, everyone else 403, and nothing changes.
 */
export const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { adminDashboard: dashboard, adminUsers, auditLog } = app.services;

  app.get(
    '/api/admin/dashboard',
    {
      schema: {
        tags,
        summary: 'What waits, and this month’s figures (admins)',
        response: { 200: adminDashboard, ...errorResponses },
      },
    },
    async (request, reply) => {
      assertAdmin(request.user);
      reply.header('cache-control', 'no-store');
      return dashboard.overview();
    },
  );

  app.get(
    '/api/admin/users',
    {
      schema: {
        tags,
        summary:
          'Users, newest first: search by name, username, e-mail or phone; filter by right and state (admins)',
        querystring: adminUsersQuery,
        response: { 200: adminUserList, ...errorResponses },
      },
    },
    async (request, reply) => {
      assertAdmin(request.user);
      const { limit, cursor, q, right, verification, state } = request.query;
      const rows = await adminUsers.search({
        limit,
        afterId: cursorAfter(cursor),
        q: q ? normalizeKeyword(q) : undefined,
        right,
        verification,
        state,
      });
      reply.header('cache-control', 'no-store');
      return pageOf(rows, limit, presentAdminUser);
    },
  );

  const detail = async (callerId: string, userId: string) =>
    presentAdminUserDetail(await adminUsers.detail(userId), callerId);

  app.get(
    '/api/admin/users/:userId',
    {
      schema: {
        tags,
        summary: 'One user: account, profile, verification, referrals, videos, licenses, balance (admins)',
        params: adminUserParams,
        response: { 200: adminUserDetail, ...errorResponses },
      },
    },
    async (request, reply) => {
      assertAdmin(request.user);
      reply.header('cache-control', 'no-store');
      return detail(request.user.id, request.params.userId);
    },
  );

  app.put(
    '/api/admin/users/:userId/rights',
    {
      schema: {
        tags,
        summary: 'Sets the rights of a user; the last admin and the caller’s own admin right stay (admins)',
        params: adminUserParams,
        body: userRightsInput,
        response: { 200: adminUserDetail, ...refusals },
      },
    },
    async (request) => {
      assertAdmin(request.user);
      const { userId } = request.params;
      await adminUsers.setRights(request.user, userId, request.body.rights, request.body.reason);
      return detail(request.user.id, userId);
    },
  );

  for (const [verb, disabled] of [
    ['disable', true],
    ['enable', false],
  ] as const) {
    app.post(
      `/api/admin/users/:userId/${verb}`,
      {
        schema: {
          tags,
          summary: disabled
            ? 'Disables an account: its sessions end and sign-in is refused; its videos stay (admins)'
            : 'Enables a disabled account again (admins)',
          params: adminUserParams,
          body: userStateInput,
          response: { 200: adminUserDetail, ...refusals },
        },
      },
      async (request) => {
        assertAdmin(request.user);
        const { userId } = request.params;
        await adminUsers.setDisabled(request.user, userId, disabled, request.body.reason);
        return detail(request.user.id, userId);
      },
    );
  }

  app.get(
    '/api/admin/audit-log',
    {
      schema: {
        tags,
        summary: 'Every admin action, newest first, filtered by admin and action (admins)',
        querystring: auditLogQuery,
        response: { 200: auditLogList, ...errorResponses },
      },
    },
    async (request, reply) => {
      assertAdmin(request.user);
      const { limit, cursor, actorId, action } = request.query;
      const rows = await auditLog.list({ limit, afterId: cursorAfter(cursor), actorId, action });
      const { actors, actions } = await auditLog.facets();
      reply.header('cache-control', 'no-store');
      return { ...pageOf(rows, limit, presentAuditEntry), actors, actions };
    },
  );
};
