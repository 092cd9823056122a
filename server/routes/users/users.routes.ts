import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Role } from '../../../common/constants';
import {
  communityQuery,
  communityResponse,
  userIdParams,
  userProfile,
} from '../../../common/contracts/users';
import { canSeeReferrer } from '../../policies/staff.policy';
import { cursorAfter, pageOf } from '../../services/paging';
import { errorResponses } from '../responses';

/** Users as anyone may see them: public fields only (never e-mail, phone or billing data). */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const community = app.services.community;

  app.get(
    '/api/users',
    {
      schema: {
        tags: ['users'],
        summary: 'The community: verified users, newest first, maybe filtered by name',
        querystring: communityQuery,
        response: { 200: communityResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { limit, cursor, q } = request.query;
      const rows = await community.members({ query: q, limit, afterId: cursorAfter(cursor) });
      return pageOf(rows, limit, (row) => ({
        id: row.id,
        name: row.name,
        image: row.image,
        isVerified: row.is_verified,
        publicVideos: Number(row.public_videos),
      }));
    },
  );

  app.get(
    '/api/users/:userId',
    {
      schema: {
        tags: ['users'],
        summary: 'A public profile (the inviting user on sign-up, bylines, profile pages)',
        params: userIdParams,
        response: { 200: userProfile, ...errorResponses },
      },
    },
    async (request) => {
      const user = await community.profile(request.params.userId);
      return {
        id: user.id,
        name: user.name,
        image: user.image,
        coverImage: user.cover_image,
        bio: user.bio ?? '',
        role: (user.role as Role | null) ?? null,
        isVerified: user.is_verified === true,
        publicVideos: Number(user.public_videos),
        joinedAt: user.created_at.toISOString(),
        ...(canSeeReferrer(request.user) && {
          referredBy:
            user.referrer_id && user.referrer_name !== null
              ? { id: user.referrer_id, name: user.referrer_name }
              : null,
        }),
      };
    },
  );
};
