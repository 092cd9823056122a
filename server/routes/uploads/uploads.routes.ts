import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uploadsEndpoints as endpoints } from '../../../common/endpoints/uploads';
import { route } from '../route';
import { creationHeaders, documented, tusUploads } from './tus-routes';

/**
 * Resumable uploads of a video's original file (tus protocol, SPEC 4.6; `common/endpoints/uploads.ts`).
 * Only verified users upload; an upload belongs to the user who created it, for a video of theirs, and
 * nobody else can see, continue or cancel it.
 */
export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { uploadAccess: access, videoUploadFinish: finisher } = app.services;
  const tus = tusUploads(app, {
    path: endpoints.create.path,
    onFinish: (upload) => finisher.finish(upload),
  });

  route(app, endpoints.create, async ({ caller, request, reply }) =>
    tus.create(request, reply, await access.authorizeCreation(caller.id, creationHeaders(request))),
  );
  for (const operation of [endpoints.offset, endpoints.resume, endpoints.cancel]) {
    route(
      app,
      operation,
      ({ caller, params, request, reply }) =>
        tus.access(request, reply, params.id, () => access.authorizeAccess(caller.id, params.id)),
      documented(operation),
    );
  }
};
