import type { Upload } from '@tus/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Endpoint } from '../../../common/endpoint';
import { createTusServer, headerValue, TUS_DATA, UPLOAD_ID } from '../../adapters/uploads/tus-server';
import { notFound } from '../../errors';
import type { CreationHeaders } from '../../services/uploads/upload-access.service';
import type { RouteExtras } from '../route';

type App = Parameters<FastifyPluginAsyncZod>[0];

/** The tus headers of a creation request that its service checks. */
export const creationHeaders = (request: FastifyRequest): CreationHeaders => ({
  uploadLength: headerValue(request.headers['upload-length']),
  metadata: headerValue(request.headers['upload-metadata']),
  carriesData: headerValue(request.headers['content-type']) === TUS_DATA,
});

/** @fastify/swagger leaves a HEAD route out of the document unless asked: tus's offset is an operation. */
export const documented = (endpoint: Endpoint): RouteExtras =>
  endpoint.method === 'HEAD' ? { config: { swagger: { exposeHeadRoute: true } } } : {};

/**
 * A resumable upload endpoint's tus server (the main one, the TV page's), for its routes: a route's
 * service checks first and refuses in our error shape; then tus gets the raw request with what the
 * check granted, and answers it itself.
 */
export function tusUploads(app: App, options: { path: string; onFinish: (upload: Upload) => Promise<void> }) {
  const { metrics } = app.services;
  const tus = createTusServer({
    datastore: app.uploadStore,
    locker: app.services.uploadLocker,
    path: options.path,
    maxBytes: app.config.uploadMaxBytes,
    origin: new URL(app.config.publicUrl).origin,
    onFinish: options.onFinish,
    log: app.log,
    // Counted only when metrics are on; otherwise tus writes to the store directly.
    ...(metrics && { onStored: (bytes: number) => metrics.countUploadBytes(bytes) }),
  });

  // The file's bytes stay an unread stream for tus. The parser lives in the registering plugin only.
  app.addContentTypeParser(TUS_DATA, (_request, _payload, done) => done(null));

  return {
    /** A creation the service allowed, with the metadata it decided the upload is stored with. */
    async create(request: FastifyRequest, reply: FastifyReply, creation: Record<string, string | undefined>) {
      await tus.handOver(request, reply, { creation });
      return reply;
    },

    /** HEAD, PATCH or DELETE of one upload, once `authorize` (the service's check) let it through. */
    async access(
      request: FastifyRequest,
      reply: FastifyReply,
      uploadId: string,
      authorize: () => Promise<void>,
    ) {
      // tus's upload ids are 16 random bytes in hex: anything else is no upload of ours.
      if (!UPLOAD_ID.test(uploadId)) throw notFound();
      await authorize();
      await tus.handOver(request, reply, { uploadId });
      return reply;
    },
  };
}
