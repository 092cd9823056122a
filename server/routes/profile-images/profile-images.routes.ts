import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PROFILE_IMAGE_KINDS,
  PROFILE_IMAGE_MAX_BYTES,
  profileImageResponse,
  profileImagesResponse,
} from '../../../common/contracts/profile-images';
import { AppError, notAuthenticated } from '../../errors';
import { assertSignedIn } from '../../policies/caller';
import { errorBody, errorResponses } from '../responses';

const refusals = { ...errorResponses, 413: errorBody, 415: errorBody };

/**
 * The caller's avatar and cover image (SPEC 7, 9). Every route acts on the signed-in user only: there is
 * no user id in the path, so nobody can change or remove someone else's pictures.
 */
export const profileImagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const images = app.services.profileImages;
  const caller = (request: { user: { id: string } | null }) => {
    assertSignedIn(request.user);
    return request.user;
  };

  // The picture is the raw body. These parsers live in this plugin only; the rest of the API stays JSON.
  // The declared type only routes the body here: the service decides by the bytes what it is.
  const keepBytes = (_request: unknown, body: Buffer, done: (error: null, body: Buffer) => void) =>
    done(null, body);
  app.addContentTypeParser(/^image\/[\w.+-]+/i, { parseAs: 'buffer' }, keepBytes);
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, keepBytes);

  // A visitor without any session cookie is refused before a 10 MB body is read. (The session itself is
  // resolved later, in preHandler; a stale cookie gets its 401 there.)
  app.addHook('onRequest', async (request) => {
    if (!request.headers.cookie) throw notAuthenticated();
  });

  // Fastify's own refusals of the body, said in our words; the parent handler gives them the usual shape.
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new AppError('IMAGE_TOO_LARGE', 413);
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') throw new AppError('NOT_AN_IMAGE', 415);
    throw error;
  });

  app.get(
    '/api/me/profile-images',
    {
      schema: {
        tags: ['profile images'],
        summary: "The caller's avatar and cover URLs (null when unset)",
        response: { 200: profileImagesResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return images.find(caller(request).id);
    },
  );

  for (const kind of PROFILE_IMAGE_KINDS) {
    app.put(
      `/api/me/${kind}`,
      {
        bodyLimit: PROFILE_IMAGE_MAX_BYTES,
        config: { rateLimit: { max: 30, timeWindow: '15 minutes' } },
        schema: {
          tags: ['profile images'],
          summary:
            kind === 'avatar'
              ? 'Set the avatar: the cropped picture as the raw body, stored as a 500x500 JPEG'
              : 'Set the cover (verified profiles only): the raw body, stored as a 1500x300 JPEG',
          consumes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif', 'image/heif'],
          response: { 200: profileImageResponse, ...refusals },
        },
      },
      async (request) => ({ url: await images.store(kind, caller(request).id, request.body) }),
    );

    app.delete(
      `/api/me/${kind}`,
      {
        config: { rateLimit: { max: 30, timeWindow: '15 minutes' } },
        schema: {
          tags: ['profile images'],
          summary: `Remove the ${kind}`,
          response: { 200: profileImageResponse, ...errorResponses },
        },
      },
      async (request) => {
        await images.remove(kind, caller(request).id);
        return { url: null };
      },
    );
  }
};
