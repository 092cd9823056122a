import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  privacyPolicy,
  privacyPolicyInput,
  TERMS_MAX_BYTES,
  termsInfo,
} from '../../../common/contracts/site-documents';
import { AppError, notAuthenticated, notFound } from '../../errors';
import { assertAdmin } from '../../policies/staff.policy';
import { errorBody, errorResponses } from '../responses';

/** Where the web app reads the current terms (our own origin, so the page may show it in a frame). */
const TERMS_FILE_URL = '/api/terms/file';

/**
 * The terms of service (SPEC 2.6, 7, 8.4) and the privacy policy: anyone reads them, admins replace the
 * terms PDF and edit the policy. The PDF is served from our origin whatever the storage driver, so the
 * `/terms` page can frame it under a CSP that allows frames of our own origin only.
 */
export const siteDocumentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const documents = app.services.siteDocuments;

  app.get(
    '/api/terms',
    {
      schema: {
        tags: ['site documents'],
        summary: 'The current terms of service: where to read them and when they were uploaded',
        response: { 200: termsInfo, ...errorResponses },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      const uploadedAt = await documents.termsUploadedAt();
      return {
        // The date in the address: a new upload is a new URL, so no cache shows the old file.
        url: uploadedAt ? `${TERMS_FILE_URL}?v=${uploadedAt.getTime()}` : null,
        uploadedAt: uploadedAt?.toISOString() ?? null,
        maxBytes: TERMS_MAX_BYTES,
      };
    },
  );

  app.get(
    TERMS_FILE_URL,
    {
      schema: {
        tags: ['site documents'],
        summary: 'The terms of service PDF, shown inline',
        querystring: z.object({ v: z.string().max(30).optional() }),
        response: {
          200: { description: 'The PDF', content: { 'application/pdf': { schema: z.any() } } },
          404: errorBody,
          429: errorBody,
        },
      },
    },
    async (_request, reply) => {
      const file = await documents.readTerms();
      if (!file) throw notFound();
      return reply
        .type('application/pdf')
        .header('content-length', file.size)
        .header('content-disposition', 'inline; filename="terms_of_service.pdf"')
        .header('cache-control', 'no-cache')
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    },
  );

  await app.register(termsUploadRoute);

  const presentPolicy = (policy: { en: string; el: string; updatedAt: Date | null }) => ({
    en: policy.en,
    el: policy.el,
    updatedAt: policy.updatedAt?.toISOString() ?? null,
  });

  app.get(
    '/api/privacy',
    {
      schema: {
        tags: ['site documents'],
        summary: 'The privacy policy in Markdown, in English and Greek',
        response: { 200: privacyPolicy, ...errorResponses },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return presentPolicy(await documents.privacyPolicy());
    },
  );

  app.put(
    '/api/admin/privacy',
    {
      schema: {
        tags: ['admin'],
        summary: 'Replaces the privacy policy (Markdown, both languages) (admins)',
        body: privacyPolicyInput,
        response: { 200: privacyPolicy, ...errorResponses },
      },
    },
    async (request) => {
      assertAdmin(request.user);
      return presentPolicy(await documents.updatePrivacyPolicy(request.user.id, request.body));
    },
  );
};

/**
 * The upload, in a plugin of its own: its raw-body parsers and its error handler apply to it alone, so
 * the JSON endpoints beside it keep the usual ones.
 */
const termsUploadRoute: FastifyPluginAsyncZod = async (app) => {
  const documents = app.services.siteDocuments;
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

  app.put(
    '/api/admin/terms',
    {
      bodyLimit: TERMS_MAX_BYTES,
      config: { rateLimit: { max: 20, timeWindow: '15 minutes' } },
      // A visitor without any session cookie is refused before a 10 MB body is read; the session itself
      // is resolved later, where a stale cookie or a caller who is not an admin is refused.
      onRequest: async (request) => {
        if (!request.headers.cookie) throw notAuthenticated();
      },
      schema: {
        tags: ['admin'],
        summary:
          'Replaces the terms of service: a PDF (by content) of at most 10 MB as the raw body (admins)',
        consumes: ['application/pdf'],
        response: { 200: termsInfo, ...errorResponses, 413: errorBody, 415: errorBody, 503: errorBody },
      },
    },
    async (request) => {
      assertAdmin(request.user);
      if (!Buffer.isBuffer(request.body)) throw new AppError('NOT_A_PDF', 415);
      const uploadedAt = await documents.uploadTerms(request.user.id, request.body);
      return {
        url: `${TERMS_FILE_URL}?v=${uploadedAt.getTime()}`,
        uploadedAt: uploadedAt.toISOString(),
        maxBytes: TERMS_MAX_BYTES,
      };
    },
  );
};
