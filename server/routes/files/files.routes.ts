import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { systemEndpoints as endpoints } from '../../../common/endpoints/system';
import { route } from '../route';

/**
 * Files behind signed URLs (`common/endpoints/system.ts`): the signature is the permission, so no session
 * is needed and a video player can fetch and seek with Range requests. Fastify streams the bytes.
 */
export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { signedFiles } = app.services;

  route(
    app,
    endpoints.file,
    async ({ query, request, reply }) => {
      const path = (request.params as { '*': string })['*'];
      const file = await signedFiles.open(path, query, request.headers.range, (name, value) =>
        reply.header(name, value),
      );
      const sent = reply.status(file.status).type(file.type);
      return file.body ? sent.send(file.body) : sent.send();
    },
    { logLevel: 'warn' },
  );
};
