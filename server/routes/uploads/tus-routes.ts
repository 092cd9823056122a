import type { Upload } from '@tus/server';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createTusServer, TUS_DATA, UPLOAD_ID } from '../../adapters/uploads/tus-server';
import { notFound } from '../../errors';
import { errorBody, errorResponses } from '../responses';

type App = Parameters<FastifyPluginAsyncZod>[0];
const refusals = { ...errorResponses, 409: errorBody, 410: errorBody, 413: errorBody };

/** What tells an upload route apart (the main one, the TV page's): where, who may, and what then. */
export interface TusRoutes<Caller> {
  /** The URL path; an upload's URL is `{path}/{id}`. */
  path: string;
  /** The OpenAPI tag and the two operations' summaries. */
  tag: string;
  summaries: { creation: string; access: string };
  /** Who calls, checked first on every operation: throws for a caller who may not use the endpoint. */
  identify: (request: FastifyRequest) => Caller;
  /** Checks a creation request and answers the metadata the upload is stored with. */
  authorizeCreation: (request: FastifyRequest, caller: Caller) => Promise<Record<string, string | undefined>>;
  /** Checks that the caller may see, continue or cancel this upload (an id of ours); throws if not. */
  authorizeAccess: (request: FastifyRequest, caller: Caller, uploadId: string) => Promise<void>;
  /** Runs when the last byte is stored, before the client hears so. */
  onFinish: (upload: Upload) => Promise<void>;
}

/**
 * A resumable upload endpoint (tus): creation, and HEAD / PATCH / DELETE of one upload. Our checks run
 * first and refuse in our error shape; then tus gets the raw request with what the checks granted.
 */
export function registerTusRoutes<Caller>(app: App, routes: TusRoutes<Caller>): void {
  const tus = createTusServer({
    datastore: app.uploadStore,
    path: routes.path,
    maxBytes: app.config.uploadMaxBytes,
    origin: new URL(app.config.publicUrl).origin,
    onFinish: routes.onFinish,
    log: app.log,
  });

  // The file's bytes stay an unread stream for tus. The parser lives in the registering plugin only.
  app.addContentTypeParser(TUS_DATA, (_request, _payload, done) => done(null));

  app.post(
    routes.path,
    {
      schema: {
        tags: [routes.tag],
        summary: routes.summaries.creation,
        response: { 201: z.null(), ...refusals },
      },
    },
    async (request, reply) => {
      const creation = await routes.authorizeCreation(request, routes.identify(request));
      await tus.handOver(request, reply, { creation });
    },
  );

  app.route({
    method: ['HEAD', 'PATCH', 'DELETE'],
    url: `${routes.path}/:id`,
    schema: {
      tags: [routes.tag],
      summary: routes.summaries.access,
      params: z.object({ id: z.string() }),
      response: { 204: z.null(), ...refusals },
    },
    async handler(request, reply) {
      const caller = routes.identify(request);
      const uploadId = request.params.id;
      // tus's upload ids are 16 random bytes in hex: anything else is no upload of ours.
      if (!UPLOAD_ID.test(uploadId)) throw notFound();
      await routes.authorizeAccess(request, caller, uploadId);
      await tus.handOver(request, reply, { uploadId });
    },
  });
}
