import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createTusServer, headerValue, TUS_DATA, UPLOAD_ID } from '../../adapters/uploads/tus-server';
import { notFound } from '../../errors';
import { assertVerified } from '../../policies/verification.policy';
import { errorBody, errorResponses } from '../responses';

const UPLOADS_PATH = '/api/uploads';
/** tus's upload ids: 16 random bytes in hex. Anything else is no upload of ours. */
const refusals = { ...errorResponses, 409: errorBody, 410: errorBody, 413: errorBody };

/**
 * Resumable uploads of a video's original file (tus protocol, SPEC 4.6). Only verified users upload;
 * an upload belongs to the user who created it, for a video of theirs, and nobody else can see, continue
 * or cancel it. Our checks run first and refuse in our error shape; then tus gets the raw request.
 */
export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const datastore = app.uploadStore;
  const { uploadAccess: access, videoUploadFinish: finisher } = app.services;
  const tus = createTusServer({
    datastore,
    path: UPLOADS_PATH,
    maxBytes: app.config.uploadMaxBytes,
    origin: new URL(app.config.publicUrl).origin,
    onFinish: (upload) => finisher.finish(upload),
    log: app.log,
  });

  // The file's bytes stay an unread stream for tus. This parser lives in this plugin only.
  app.addContentTypeParser(TUS_DATA, (_request, _payload, done) => done(null));

  app.post(
    UPLOADS_PATH,
    {
      schema: {
        tags: ['uploads'],
        summary: 'tus creation: Upload-Length and Upload-Metadata (videoId, filename, filetype)',
        response: { 201: z.null(), ...refusals },
      },
    },
    async (request, reply) => {
      assertVerified(request.user);
      const creation = await access.authorizeCreation(request.user.id, {
        uploadLength: headerValue(request.headers['upload-length']),
        metadata: headerValue(request.headers['upload-metadata']),
        carriesData: headerValue(request.headers['content-type']) === TUS_DATA,
      });
      await tus.handOver(request, reply, { creation });
    },
  );

  app.route({
    method: ['HEAD', 'PATCH', 'DELETE'],
    url: `${UPLOADS_PATH}/:id`,
    schema: {
      tags: ['uploads'],
      summary: "tus: an upload's offset (HEAD), its next bytes (PATCH), or cancelling it (DELETE)",
      params: z.object({ id: z.string() }),
      response: { 204: z.null(), ...refusals },
    },
    async handler(request, reply) {
      assertVerified(request.user);
      if (!UPLOAD_ID.test(request.params.id)) throw notFound();
      await access.authorizeAccess(request.user.id, request.params.id);
      await tus.handOver(request, reply, { uploadId: request.params.id });
    },
  });
};
