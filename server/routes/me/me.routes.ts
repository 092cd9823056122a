import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dashboardResponse, referralsQuery, referralsResponse } from '../../../common/contracts/users';
import { isFullyVerified, profileBody } from '../../../common/contracts/verification';
import { assertSignedIn } from '../../policies/caller';
import { cursorAfter, pageOf } from '../../services/paging';
import { errorBody, errorResponses } from '../responses';

const ok = z.object({ status: z.literal(true) });

/** The caller's own things: profile, dashboard, referrals. No user id is taken, so none can be someone else's. */
export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  const community = app.services.community;
  const caller = (request: { user: { id: string } | null }) => {
    assertSignedIn(request.user);
    return request.user;
  };

  app.put(
    '/api/me/profile',
    {
      config: { rateLimit: { max: 20, timeWindow: '15 minutes' } },
      schema: {
        tags: ['me'],
        summary: 'Save profile info: account, profile and username, all verified, in one transaction',
        body: profileBody,
        response: { 200: ok, ...errorResponses, 409: errorBody },
      },
    },
    async (request) => {
      await app.services.profileVerification.save(caller(request).id, request.body);
      return { status: true as const };
    },
  );

  app.get(
    '/api/me/dashboard',
    {
      schema: {
        tags: ['me'],
        summary: 'Counts for the dashboard: own videos, licenses bought and sold, referrals',
        response: { 200: dashboardResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { id } = caller(request);
      reply.header('cache-control', 'no-store');
      const [{ videos, referrals }, licenses, sales] = await Promise.all([
        community.dashboardCounts(id),
        app.services.licenseRequests.countMine(id),
        app.services.earnings.salesCount(id),
      ]);
      return { videos, licenses, sales, referrals };
    },
  );

  app.get(
    '/api/me/referrals',
    {
      schema: {
        tags: ['me'],
        summary: 'The users the caller invited, newest first',
        querystring: referralsQuery,
        response: { 200: referralsResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { id } = caller(request);
      reply.header('cache-control', 'no-store');
      const { limit, cursor } = request.query;
      const rows = await community.referrals(id, limit, cursorAfter(cursor));
      const earned = await app.services.earnings.referralEarnings(
        id,
        rows.slice(0, limit).map((row) => row.id),
      );
      return pageOf(rows, limit, (row) => ({
        id: row.id,
        name: row.name,
        image: row.image,
        joinedAt: row.created_at.toISOString(),
        verified: isFullyVerified({
          emailVerified: row.email_verified,
          phoneNumber: row.phone_number,
          profileVerified: row.profile_verified === true,
          accountVerified: row.account_verified === true,
        }),
        firstSaleAt: earned.get(row.id)?.firstSaleAt?.toISOString() ?? null,
        bonus: earned.get(row.id)?.bonus ?? null,
      }));
    },
  );
};
