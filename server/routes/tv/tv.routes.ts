import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  TV_TOKEN_HEADER,
  tvConfigResponse,
  tvFreeVideoBody,
  tvSignatureBody,
  tvSubmissionOpenBody,
  tvSubmissionOpened,
  tvSubmissionParams,
  tvThumbnailBody,
} from '../../../common/contracts/tv';
import { videoCreated } from '../../../common/contracts/video-submission';
import { errorBody, errorResponses } from '../responses';

const tokenOf = (request: FastifyRequest) => {
  const value = request.headers[TV_TOKEN_HEADER];
  return typeof value === 'string' ? value : undefined;
};
const parts = { config: { rateLimit: { max: 30, timeWindow: '1 hour' } } };

/**
 * The TV page's API (SPEC 2.7, 7 createFreeVideo), answered on TV hostnames only (plugins/tv-host.ts).
 * Anonymous: a captcha opens a pending submission, whose token then carries its parts. A body that
 * fails its contract is refused after the token is checked, and discards the submission like any other
 * failure (the page checks the same contract first, so only a broken or forged client gets there).
 */
export const tvRoutes: FastifyPluginAsyncZod = async (app) => {
  const submissions = app.services.tvSubmissions;
  /** The caller's submission, or a refusal; a body that failed its contract discards it. */
  async function submissionOf(id: string, request: FastifyRequest) {
    const submission = await submissions.authorize(id, tokenOf(request));
    if (request.validationError) {
      await submissions.discard(submission.id);
      throw request.validationError;
    }
    return submission;
  }

  app.get(
    '/api/tv/config',
    {
      schema: {
        tags: ['tv'],
        summary: "The TV page's links (advertising corner, every-day channel) and file size limit",
        response: { 200: tvConfigResponse },
      },
    },
    async () => ({
      advertisingUrl: app.config.tv.advertisingUrl ?? null,
      channelUrl: app.config.tv.channelUrl ?? null,
      maxBytes: app.config.uploadMaxBytes,
    }),
  );

  app.post(
    '/api/tv/submissions',
    {
      // Per network address: a person retrying a few times gets through, a script does not.
      config: { rateLimit: { max: 10, timeWindow: '1 hour' } },
      schema: {
        tags: ['tv'],
        summary: 'Open a TV submission (captcha solved); returns its id and secret token',
        body: tvSubmissionOpenBody,
        response: { 201: tvSubmissionOpened, ...errorResponses },
      },
    },
    async (request, reply) => {
      const opened = await submissions.open(request.body.captcha, request.ip);
      return reply.status(201).send({ ...opened, maxBytes: app.config.uploadMaxBytes });
    },
  );

  app.put(
    '/api/tv/submissions/:id/thumbnail',
    {
      ...parts,
      attachValidation: true,
      schema: {
        tags: ['tv'],
        summary: "The browser's 640x360 JPEG thumbnail of the chosen video (data URL)",
        params: tvSubmissionParams,
        body: tvThumbnailBody,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const submission = await submissionOf(request.params.id, request);
      await submissions.putThumbnail(submission, request.body.thumbnail);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/tv/submissions/:id/signature',
    {
      ...parts,
      attachValidation: true,
      schema: {
        tags: ['tv'],
        summary: 'The drawn signature (PNG data URL)',
        params: tvSubmissionParams,
        body: tvSignatureBody,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const submission = await submissionOf(request.params.id, request);
      await submissions.putSignature(submission, request.body.signature);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/tv/submissions/:id/video',
    {
      ...parts,
      attachValidation: true,
      schema: {
        tags: ['tv'],
        summary: 'createFreeVideo: the video from all four parts, or nothing',
        params: tvSubmissionParams,
        body: tvFreeVideoBody,
        response: { 201: videoCreated, ...errorResponses },
      },
    },
    async (request, reply) => {
      const submission = await submissionOf(request.params.id, request);
      return reply.status(201).send(await submissions.create(submission, request.body));
    },
  );

  app.delete(
    '/api/tv/submissions/:id',
    {
      ...parts,
      schema: {
        tags: ['tv'],
        summary: 'Abandon a submission: its parts are removed',
        params: tvSubmissionParams,
        response: { 204: z.null(), ...errorResponses, 409: errorBody },
      },
    },
    async (request, reply) => {
      const submission = await submissionOf(request.params.id, request);
      await submissions.discard(submission.id);
      return reply.status(204).send(null);
    },
  );
};
