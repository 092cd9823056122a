import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The caller's billing addresses (SPEC 3). */
export const billingRoutes: FastifyPluginAsyncZod = async () => {};
