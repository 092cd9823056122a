import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assertVerified } from '../../policies/verification.policy';
import { uploadsRepository } from '../../repositories/uploads.repository';
import { notFound } from '../../services/app-error';
import { createTusServer, type UploadGrant } from '../../services/uploads/tus-server';
import { uploadAccessService } from '../../services/uploads/upload-access.service';
import { uploadFinishService } from '../../services/uploads/upload-finish.service';
import { createUploadStore } from '../../services/uploads/upload-store';
import { errorBody, errorResponses } from '../responses';

export interface UploadsRoutesOptions {
  /** Queues processing of a video whose file arrived (main.ts gives the job queue's send). */
  enqueueProcessing?: (videoId: string) => Promise<void>;
}

const UPLOADS_PATH = '/api/uploads';
/** tus's upload ids: 16 random bytes in hex. Anything else is no upload of ours. */
const UPLOAD_ID = /^[0-9a-f]{32}$/;
const TUS_DATA = 'application/offset+octet-stream';
const refusals = { ...errorResponses, 409: errorBody, 410: errorBody, 413: errorBody };

const headerValue = (value: string | string[] | undefined) =>
  Array.isArray(value) ? value.join(',') : value;

/**
 * Resumable uploads of a video's original file (tus protocol, SPEC 4.6). Only verified users upload;
 * an upload belongs to the user who created it, for a video of theirs, and nobody else can see, continue
 * or cancel it. Our checks run first and refuse in our error shape; then tus gets the raw request.
 */
export const uploadsRoutes: FastifyPluginAsyncZod<UploadsRoutesOptions> = async (app, options) => {
  const datastore = await createUploadStore(app.config);
  const uploads = uploadsRepository(app.database.db);
  const access = uploadAccessService({ uploads, datastore, maxBytes: app.config.uploadMaxBytes });
  const finisher = uploadFinishService({
    uploads,
    storage: app.storage,
    datastore,
    async enqueueProcessing(videoId) {
      // The file is safe and the row says so; a missed job must not fail the upload the client finished.
      await options.enqueueProcessing?.(videoId).catch((error: unknown) => {
        app.log.error({ err: error, videoId }, 'could not queue the processing of an uploaded video');
      });
    },
  });
  const grants = new WeakMap<IncomingMessage, UploadGrant>();
  const tus = createTusServer({
    datastore,
    path: UPLOADS_PATH,
    maxBytes: app.config.uploadMaxBytes,
    origin: new URL(app.config.publicUrl).origin,
    grantOf: (raw) => grants.get(raw),
    onFinish: (upload) => finisher.finish(upload),
    log: app.log,
  });

  // The file's bytes stay an unread stream for tus. This parser lives in this plugin only.
  app.addContentTypeParser(TUS_DATA, (_request, _payload, done) => done(null));

  /** From here tus answers: Fastify's reply is set aside and tus writes to the raw response. */
  async function handOver(request: FastifyRequest, reply: FastifyReply, grant: UploadGrant) {
    grants.set(request.raw, grant);
    reply.hijack();
    try {
      await tus.handle(request.raw, reply.raw);
    } catch (error) {
      request.log.error({ err: error }, 'upload request failed');
      if (!reply.raw.headersSent) {
        reply.raw.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
        reply.raw.end(JSON.stringify({ code: 'INTERNAL_ERROR', message: 'The upload failed.' }));
      } else reply.raw.destroy();
    }
  }

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
      await handOver(request, reply, { creation });
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
      await handOver(request, reply, { uploadId: request.params.id });
    },
  });
};
