import { z } from 'zod';
import {
  communityQuery,
  communityResponse,
  dashboardResponse,
  referralsQuery,
  referralsResponse,
  userIdParams,
  userProfile,
} from '../contracts/users';
import { profileBody } from '../contracts/verification';
import { endpoint } from '../endpoint';

const ok = z.object({ status: z.literal(true) });

/**
 * Users as anyone may see them (the community, public profiles: never e-mail, phone or billing data), and
 * the caller's own things under /api/me (profile info, dashboard, referrals): no user id is taken there,
 * so none can be someone else's.
 */
export const userEndpoints = {
  community: endpoint({
    method: 'GET',
    path: '/api/users',
    tag: 'users',
    access: 'public',
    summary: 'The community: verified users, newest first, maybe filtered by name',
    query: communityQuery,
    answer: communityResponse,
  }),
  profile: endpoint({
    method: 'GET',
    path: '/api/users/:userId',
    tag: 'users',
    access: 'public',
    summary: 'A public profile (the inviting user on sign-up, bylines, profile pages)',
    params: userIdParams,
    answer: userProfile,
  }),
  saveProfile: endpoint({
    method: 'PUT',
    path: '/api/me/profile',
    tag: 'me',
    access: 'signedIn',
    summary: 'Save profile info: account, profile and username, all verified, in one transaction',
    body: profileBody,
    answer: ok,
    refusals: [409],
  }),
  dashboard: endpoint({
    method: 'GET',
    path: '/api/me/dashboard',
    tag: 'me',
    access: 'signedIn',
    summary: 'Counts for the dashboard: own videos, licenses bought and sold, referrals',
    answer: dashboardResponse,
  }),
  referrals: endpoint({
    method: 'GET',
    path: '/api/me/referrals',
    tag: 'me',
    access: 'signedIn',
    summary: 'The users the caller invited, newest first',
    query: referralsQuery,
    answer: referralsResponse,
  }),
};
