import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PROFILE_IMAGE_MAX_BYTES } from '../../../common/contracts/profile-images';
import { profileImagesEndpoints as endpoints } from '../../../common/endpoints/profile-images';
import { AppError, notAuthenticated } from '../../errors';
import { route } from '../route';

const writeLimit = { config: { rateLimit: { max: 30, timeWindow: '15 minutes' } } };
const upload = { ...writeLimit, bodyLimit: PROFILE_IMAGE_MAX_BYTES };

/**
 * The caller's avatar and cover image (SPEC 7, 9): the operations of `common/endpoints/profile-images.ts`.
 * Every route acts on the signed-in user only: there is no user id in the path, so nobody can change or
 * remove someone else's pictures.
 */
export const profileImagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { profileImages } = app.services;

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

  route(app, endpoints.images, ({ caller }) => profileImages.find(caller.id));
  // The table declares no JSON body: the handler hands over the raw bytes the parsers above kept.
  route(
    app,
    endpoints.setAvatar,
    ({ caller, request }) => profileImages.store(caller.id, 'avatar', request.body),
    upload,
  );
  route(app, endpoints.removeAvatar, ({ caller }) => profileImages.remove(caller.id, 'avatar'), writeLimit);
  route(
    app,
    endpoints.setCover,
    ({ caller, request }) => profileImages.store(caller.id, 'cover', request.body),
    upload,
  );
  route(app, endpoints.removeCover, ({ caller }) => profileImages.remove(caller.id, 'cover'), writeLimit);
};
