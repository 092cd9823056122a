import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TV_TOKEN_HEADER } from '../../../common/contracts/tv';
import { tvUploadsEndpoints as endpoints } from '../../../common/endpoints/tv';
import { headerValue } from '../../adapters/uploads/tus-server';
import { route } from '../route';
import { creationHeaders, documented, tusUploads } from '../uploads/tus-routes';

/**
 * The TV page's resumable upload of the video file (tus, the same store and checks as /api/uploads).
 * Anyone may call: the submission's token, which `tvUploadAccess` checks, is what admits a TV upload.
 * When its last byte arrives the file goes to `videos/{submissionId}.{ext}` and the submission learns it
 * has its file; no video row exists yet.
 */
export const tvUploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { tvUploadAccess: access, tvUploadFinish: finisher } = app.services;
  const tus = tusUploads(app, {
    path: endpoints.create.path,
    onFinish: (upload) => finisher.finish(upload),
  });

  route(app, endpoints.create, async ({ request, reply }) =>
    tus.create(
      request,
      reply,
      await access.authorizeCreation(headerValue(request.headers[TV_TOKEN_HEADER]), creationHeaders(request)),
    ),
  );
  for (const operation of [endpoints.offset, endpoints.resume, endpoints.cancel]) {
    route(
      app,
      operation,
      ({ params, request, reply }) =>
        tus.access(request, reply, params.id, () =>
          access.authorizeAccess(
            headerValue(request.headers[TV_TOKEN_HEADER]),
            params.id,
            request.method === 'PATCH',
          ),
        ),
      documented(operation),
    );
  }
};
