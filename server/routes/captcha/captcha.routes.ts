import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../responses';

/**
 * altcha-lib's challenge. Loose on purpose: the widget sends the parameters back as they were signed,
 * so the serializer must not drop a field it does not know.
 */
const captchaChallenge = z.object({
  parameters: z
    .object({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      keySignature: z.string().optional(),
      expiresAt: z.number().optional(),
    })
    .loose(),
  signature: z.string().optional(),
});

/** The ALTCHA widget fetches its proof-of-work challenge here; forms then post the solution. */
export const captchaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/captcha',
    {
      // Enough for someone who retries a form several times; too few to stockpile solved challenges.
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['captcha'],
        summary: 'A new captcha challenge (ALTCHA proof of work)',
        response: { 200: captchaChallenge, 429: errorBody },
      },
    },
    async (_request, reply) => {
      // Each challenge may be solved once: a cached one would be refused as a replay.
      reply.header('cache-control', 'no-store');
      const { parameters, signature } = await app.captcha.challenge();
      return { parameters: { ...parameters }, signature }; // a plain object fits the loose schema's type
    },
  );
};
