import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The caller's avatar and cover image (SPEC 7, 9). */
export const profileImagesRoutes: FastifyPluginAsyncZod = async () => {};
