import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TERMS_MAX_BYTES } from '../../../common/contracts/site-documents';
import { siteDocumentsEndpoints as endpoints } from '../../../common/endpoints/site-documents';
import { AppError, notAuthenticated } from '../../errors';
import { route } from '../route';

/**
 * The terms of service (SPEC 2.6, 7, 8.4) and the privacy policy: the operations of
 * `common/endpoints/site-documents.ts`. Anyone reads them, admins replace the terms PDF and edit the
 * policy. The PDF is served from our origin whatever the storage driver, so the `/terms` page can frame
 * it under a CSP that allows frames of our own origin only. Readers revalidate (`no-cache`): a new
 * upload or edit shows at once.
 */
export const siteDocumentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { siteDocuments } = app.services;

  route(app, endpoints.terms, ({ reply }) => {
    reply.header('cache-control', 'no-cache');
    return siteDocuments.termsInfo();
  });
  route(app, endpoints.termsFile, async ({ reply }) => {
    const file = await siteDocuments.readTerms();
    return reply
      .type('application/pdf')
      .header('content-length', file.size)
      .header('content-disposition', 'inline; filename="terms_of_service.pdf"')
      .header('cache-control', 'no-cache')
      .header('x-content-type-options', 'nosniff')
      .send(file.stream);
  });

  await app.register(termsUploadRoute);

  route(app, endpoints.privacy, ({ reply }) => {
    reply.header('cache-control', 'no-cache');
    return siteDocuments.privacyPolicy();
  });
  route(app, endpoints.savePrivacy, ({ caller, body }) => siteDocuments.updatePrivacyPolicy(caller.id, body));
};

/**
 * The upload, in a plugin of its own: its raw-body parsers and its error handler apply to it alone, so
 * the JSON endpoints beside it keep the usual ones.
 */
const termsUploadRoute: FastifyPluginAsyncZod = async (app) => {
  const { siteDocuments } = app.services;
  // The PDF is the raw body. These parsers live in this plugin only; the rest of the API stays JSON. The
  // declared type only routes the body here: the service decides by the bytes whether it is a PDF.
  const keepBytes = (_request: unknown, body: Buffer, done: (error: null, body: Buffer) => void) =>
    done(null, body);
  app.addContentTypeParser('application/pdf', { parseAs: 'buffer', bodyLimit: TERMS_MAX_BYTES }, keepBytes);
  app.addContentTypeParser(
    'application/octet-stream',
    { parseAs: 'buffer', bodyLimit: TERMS_MAX_BYTES },
    keepBytes,
  );

  // Fastify's own refusals of the body, said in our words (SPEC 8.4 is the web's heading for all of them).
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      throw new AppError('TERMS_TOO_LARGE', 413, { maxMb: TERMS_MAX_BYTES / 1024 / 1024 });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') throw new AppError('NOT_A_PDF', 415);
    throw error;
  });

  route(
    app,
    endpoints.uploadTerms,
    ({ caller, request }) => siteDocuments.uploadTerms(caller.id, request.body),
    {
      bodyLimit: TERMS_MAX_BYTES,
      config: { rateLimit: { max: 20, timeWindow: '15 minutes' } },
      // A visitor without any session cookie is refused before a 10 MB body is read; the session itself
      // is resolved later, where a stale cookie or a caller who is not an admin is refused.
      onRequest: async (request) => {
        if (!request.headers.cookie) throw notAuthenticated();
      },
    },
  );
};
