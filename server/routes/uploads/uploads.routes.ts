import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { headerValue, TUS_DATA } from '../../adapters/uploads/tus-server';
import { assertVerified } from '../../policies/verification.policy';
import { registerTusRoutes } from './tus-routes';

/**
 * Resumable uploads of a video's original file (tus protocol, SPEC 4.6). Only verified users upload;
 * an upload belongs to the user who created it, for a video of theirs, and nobody else can see, continue
 * or cancel it.
 */
export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { uploadAccess: access, videoUploadFinish: finisher } = app.services;
  registerTusRoutes(app, {
    path: '/api/uploads',
    tag: 'uploads',
    summaries: {
      creation: 'tus creation: Upload-Length and Upload-Metadata (videoId, filename, filetype)',
      access: "tus: an upload's offset (HEAD), its next bytes (PATCH), or cancelling it (DELETE)",
    },
    identify: (request) => {
      assertVerified(request.user);
      return request.user.id;
    },
    authorizeCreation: (request, userId) =>
      access.authorizeCreation(userId, {
        uploadLength: headerValue(request.headers['upload-length']),
        metadata: headerValue(request.headers['upload-metadata']),
        carriesData: headerValue(request.headers['content-type']) === TUS_DATA,
      }),
    authorizeAccess: (_request, userId, uploadId) => access.authorizeAccess(userId, uploadId),
    onFinish: (upload) => finisher.finish(upload),
  });
};
