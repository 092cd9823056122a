import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { captchaEndpoints as endpoints } from '../../../common/endpoints/captcha';
import { route } from '../route';

/** The ALTCHA widget fetches its proof-of-work challenge here; forms then post the solution. */
export const captchaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { captchaChallenges } = app.services;

  route(
    app,
    endpoints.challenge,
    ({ reply }) => {
      // Each challenge may be solved once: a cached one would be refused as a replay.
      reply.header('cache-control', 'no-store');
      return captchaChallenges.issue();
    },
    // Enough for someone who retries a form several times; too few to stockpile solved challenges.
    { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
  );
};
