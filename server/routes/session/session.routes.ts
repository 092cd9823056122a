import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Role } from '../../../common/constants';
import { sessionResponse } from '../../../common/contracts/session';

export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const accounts = app.services.accountOverview;

  app.get(
    '/api/session',
    {
      schema: {
        tags: ['session'],
        summary: 'Who is signed in (null for a visitor), with their verification, profile and account',
        response: { 200: sessionResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const user = request.user;
      if (!user) return { user: null };
      const { signIn, profile, account } = await accounts.sessionDetails(user.id);
      return {
        user: {
          ...user,
          ...signIn,
          phoneNumberVerified: user.phoneNumber !== null,
          profile: profile ? { name: profile.name, bio: profile.bio, isVerified: profile.is_verified } : null,
          account: account
            ? {
                name: account.name,
                role: account.role as Role,
                country: account.country,
                instagram: account.instagram,
                isBusinessAccount: account.is_business_account,
                companyName: account.company_name,
                isPolicyAgreed: account.is_policy_agreed,
                isAgeRestrictionAgreed: account.is_age_restriction_agreed,
                isVerified: account.is_verified,
              }
            : null,
        },
      };
    },
  );
};
