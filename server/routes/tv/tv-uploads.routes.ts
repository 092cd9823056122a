import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TV_TOKEN_HEADER } from '../../../common/contracts/tv';
import { headerValue, TUS_DATA } from '../../adapters/uploads/tus-server';
import { AppError, notFound } from '../../errors';
import { TV_OWNER_ID } from '../../services/tv/tv-submission.service';
import {
  checkCreationBody,
  findUpload,
  parseCreationMetadata,
} from '../../services/uploads/upload-access.service';
import { readStoredMetadata } from '../../services/uploads/upload-metadata';
import { registerTusRoutes } from '../uploads/tus-routes';

const invalid = (field: string) =>
  new AppError('VALIDATION_FAILED', 400, undefined, [{ field, message: 'tv.form.errors.global' }]);

/**
 * The TV page's resumable upload of the video file (tus, the same store and checks as /api/uploads).
 * An upload is bound to a pending TV submission by its token, not to a user: its stored metadata names
 * the submission (as `videoId`) and the TV owner account. When its last byte arrives the file goes to
 * `videos/{submissionId}.{ext}` and the submission learns it has its file; no video row exists yet.
 */
export const tvUploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { tvSubmissions: submissions, tvUploadFinish: finisher } = app.services;
  registerTusRoutes(app, {
    path: '/api/tv/uploads',
    tag: 'tv',
    summaries: {
      creation:
        'tus creation for a TV submission: Upload-Metadata (videoId = submission id, filename, filetype)',
      access: "tus: a TV upload's offset (HEAD), its next bytes (PATCH), or cancelling it (DELETE)",
    },
    // Anyone: the submission's token, checked below, is what admits a TV upload.
    identify: () => null,
    authorizeCreation: async (request) => {
      const metadata = parseCreationMetadata(headerValue(request.headers['upload-metadata']), invalid);
      const submission = await submissions.authorize(
        metadata.videoId,
        headerValue(request.headers[TV_TOKEN_HEADER]),
      );
      return submissions.allOrNothing(submission.id, async () => {
        if (submission.video_path)
          throw new AppError('OPERATION_NOT_ALLOWED', 409, { reason: 'alreadyUploaded' });
        checkCreationBody(
          {
            uploadLength: headerValue(request.headers['upload-length']),
            carriesData: headerValue(request.headers['content-type']) === TUS_DATA,
          },
          { maxBytes: app.config.uploadMaxBytes, refuse: invalid, lengthRequired: true },
        );
        return { ...metadata, userId: TV_OWNER_ID };
      });
    },
    authorizeAccess: async (request, _caller, uploadId) => {
      const upload = await findUpload(app.uploadStore, uploadId);
      const metadata = readStoredMetadata(upload.metadata);
      // Only TV uploads, and only with the token of the submission the upload was created for.
      if (!metadata || metadata.userId !== TV_OWNER_ID) throw notFound();
      const submission = await submissions.authorize(
        metadata.videoId,
        headerValue(request.headers[TV_TOKEN_HEADER]),
      );
      if (request.method === 'PATCH') await submissions.recordUpload(submission, uploadId);
    },
    onFinish: (upload) => finisher.finish(upload),
  });
};
