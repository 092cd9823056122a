import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseRangeHeader } from '../../adapters/storage/byte-range';
import { attachmentDisposition } from '../../adapters/storage/content-disposition';
import { servedContentType } from '../../adapters/storage/content-types';
import { SIGNED_FILES_PREFIX, secondsLeft, signedFileUrls } from '../../adapters/storage/signed-file-url';
import { FileNotFoundError, isSafePath } from '../../adapters/storage/storage';
import { AppError, notAuthorized, notFound } from '../../errors';
import { errorBody } from '../responses';

/** The bytes, in the file's own content type (Fastify streams them; it never serialises a stream). */
const fileBytes = (description: string) => ({ description, content: { '*/*': { schema: z.any() } } });

/**
 * Files behind signed URLs (local disk's `storage.signedUrl`): the signature is the permission, so no
 * session is needed and a video player can fetch and seek with Range requests. S3 serves its own.
 */
export const filesRoutes: FastifyPluginAsyncZod<{ secret: string }> = async (app, options) => {
  const signatures = signedFileUrls(options.secret);

  app.get(
    `${SIGNED_FILES_PREFIX}*`,
    {
      schema: {
        tags: ['files'],
        summary: 'A stored file through a signed URL (single byte ranges supported)',
        querystring: z.object({
          expires: z.string().optional(),
          signature: z.string().optional(),
          name: z.string().optional(),
        }),
        response: {
          200: fileBytes('The file'),
          206: fileBytes('The bytes of the range asked for'),
          403: errorBody,
          404: errorBody,
          416: errorBody,
        },
      },
      logLevel: 'warn',
    },
    async (request, reply) => {
      const path = (request.params as { '*': string })['*'];
      if (!signatures.verify(path, request.query)) throw notAuthorized();
      const left = secondsLeft(request.query.expires, Math.floor(app.clock().getTime() / 1000));
      if (left === null) throw notAuthorized();
      if (!isSafePath(path)) throw notFound(); // only safe paths are ever signed; a second guard
      const size = await app.storage.size(path);
      if (size === null) throw notFound();

      const served = servedContentType(path);
      const range = parseRangeHeader(request.headers.range, size);
      if (range === 'unsatisfiable') {
        reply.header('content-range', `bytes */${size}`);
        throw new AppError('VALIDATION_FAILED', 416);
      }
      reply
        .header('accept-ranges', 'bytes')
        .header('cache-control', `private, max-age=${left}`)
        // The URL is the permission, not the cookies: players on other sites may load it, as from S3.
        .header('cross-origin-resource-policy', 'cross-origin')
        // Helmet sends it too; here it is part of the promise that no stored file runs as a page.
        .header('x-content-type-options', 'nosniff')
        .type(served.type);
      if (request.query.name || served.download) {
        reply.header('content-disposition', attachmentDisposition(request.query.name ?? 'file'));
      }
      if (!range) {
        reply.header('content-length', size);
        return reply.send(await readOrNotFound(path));
      }
      reply
        .status(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
        .header('content-length', range.end - range.start + 1);
      return reply.send(await readOrNotFound(path, range));
    },
  );

  // A file deleted between the size check and the read is missing, not a server failure.
  const readOrNotFound = (path: string, range?: { start: number; end: number }) =>
    app.storage.read(path, range).catch((error) => {
      throw error instanceof FileNotFoundError ? notFound() : error;
    });
};
