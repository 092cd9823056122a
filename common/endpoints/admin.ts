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
} from '../contracts/admin-users';
import { endpoint } from '../endpoint';

const tag = 'admin';

/**
 * The back office (issue 20): the dashboard, the users, their rights and accounts, and the audit log.
 * Admins only: a visitor gets 401, everyone else 403, and nothing changes.
 */
export const adminEndpoints = {
  dashboard: endpoint({
    method: 'GET',
    path: '/api/admin/dashboard',
    tag,
    access: 'admin',
    summary: 'What waits, and this month’s figures (admins)',
    answer: adminDashboard,
  }),
  users: endpoint({
    method: 'GET',
    path: '/api/admin/users',
    tag,
    access: 'admin',
    summary:
      'Users, newest first: search by name, username, e-mail or phone; filter by right and state (admins)',
    query: adminUsersQuery,
    answer: adminUserList,
  }),
  user: endpoint({
    method: 'GET',
    path: '/api/admin/users/:userId',
    tag,
    access: 'admin',
    summary: 'One user: account, profile, verification, referrals, videos, licenses, balance (admins)',
    params: adminUserParams,
    answer: adminUserDetail,
  }),
  setRights: endpoint({
    method: 'PUT',
    path: '/api/admin/users/:userId/rights',
    tag,
    access: 'admin',
    summary: 'Sets the rights of a user; the last admin and the caller’s own admin right stay (admins)',
    params: adminUserParams,
    body: userRightsInput,
    answer: adminUserDetail,
    refusals: [409],
  }),
  disable: endpoint({
    method: 'POST',
    path: '/api/admin/users/:userId/disable',
    tag,
    access: 'admin',
    summary: 'Disables an account: its sessions end and sign-in is refused; its videos stay (admins)',
    params: adminUserParams,
    body: userStateInput,
    answer: adminUserDetail,
    refusals: [409],
  }),
  enable: endpoint({
    method: 'POST',
    path: '/api/admin/users/:userId/enable',
    tag,
    access: 'admin',
    summary: 'Enables a disabled account again (admins)',
    params: adminUserParams,
    body: userStateInput,
    answer: adminUserDetail,
    refusals: [409],
  }),
  auditLog: endpoint({
    method: 'GET',
    path: '/api/admin/audit-log',
    tag,
    access: 'admin',
    summary: 'Every admin action, newest first, filtered by admin and action (admins)',
    query: auditLogQuery,
    answer: auditLogList,
  }),
};
