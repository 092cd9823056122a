import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { videoCreated, videoSubmissionBody } from '../../../common/contracts/video-submission';
import {
  PLAYBACK_URL_SECONDS,
  videoDetail,
  videoIdParams,
  videoListQuery,
  videoListResponse,
  videoPlayback,
} from '../../../common/contracts/videos';
import { normalizeVideoStatus } from '../../../common/video-status';
import { contentTypeOf } from '../../adapters/storage/content-types';
import { forPage } from '../../adapters/storage/signed-file-url';
import { AppError, notFound } from '../../errors';
import { assertSignedIn } from '../../policies/caller';
import { canSeeReferrer } from '../../policies/staff.policy';
import { assertVerified } from '../../policies/verification.policy';
import { videoAbilities } from '../../policies/video.policy';
import { nextStatuses } from '../../policies/video-moderation.policy';
import { cursorAfter, pageOf } from '../../services/paging';
import { presentVideoCard, presentVideoDetail } from '../../services/videos/video-presenter';
import { errorBody, errorResponses } from '../responses';

/**
 * Video submission, listing and the video page. Who sees what is `policies/video.policy.ts`: public
 * statuses for everyone, every status to the owner and to staff.
 */
export const videosRoutes: FastifyPluginAsyncZod = async (app) => {
  const { videoSubmissions: submissions, videoCatalog: catalog } = app.services;

  app.post(
    '/api/videos',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 hour' } },
      schema: {
        tags: ['videos'],
        summary: 'Submit a video (details, owner, signature); its file follows through /api/uploads',
        body: videoSubmissionBody,
        response: { 201: videoCreated, ...errorResponses, 413: errorBody },
      },
    },
    async (request, reply) => {
      assertVerified(request.user);
      if (request.body.fileSize > app.config.uploadMaxBytes) throw new AppError('PAYLOAD_TOO_LARGE', 413);
      const created = await submissions.create(request.user.id, request.body);
      return reply.status(201).send(created);
    },
  );

  app.delete(
    '/api/videos/:videoId',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 hour' } },
      schema: {
        tags: ['videos'],
        summary: 'Withdraw an own submission whose file never arrived (a cancelled upload)',
        params: videoIdParams,
        response: { 204: z.null(), ...errorResponses, 409: errorBody },
      },
    },
    async (request, reply) => {
      assertSignedIn(request.user);
      await submissions.withdraw(request.user.id, request.params.videoId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/videos',
    {
      schema: {
        tags: ['videos'],
        summary: 'Videos newest first: the public ones; all of their own for an owner; all for staff',
        querystring: videoListQuery,
        response: { 200: videoListResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { limit, cursor, userId, status } = request.query;
      const rows = await catalog.list(request.user, { limit, afterId: cursorAfter(cursor), userId, status });
      const withReferrer = canSeeReferrer(request.user);
      return pageOf(rows, limit, (row) => presentVideoCard(row, app.storage, withReferrer));
    },
  );

  const fileExists = (path: string | null) => (path ? app.storage.exists(path) : Promise.resolve(false));

  app.get(
    '/api/videos/:videoId',
    {
      schema: {
        tags: ['videos'],
        summary: 'The video page: details, whether the file exists, and what the caller may do',
        params: videoIdParams,
        response: { 200: videoDetail, ...errorResponses },
      },
    },
    async (request) => {
      const row = await catalog.visible(request.user, request.params.videoId);
      const abilities = videoAbilities(request.user, {
        userId: row.user_id,
        status: row.status,
        privacy: row.privacy,
      });
      return presentVideoDetail(row, app.storage, {
        withReferrer: canSeeReferrer(request.user),
        hasFile: await fileExists(row.path),
        abilities,
        heldLicenses: await catalog.heldLicenses(request.user, row.id),
        // The same transitions as the review queue's buttons (one table, in the moderation policy).
        nextStatuses: abilities.moderate
          ? nextStatuses(normalizeVideoStatus(row.status), app.services.videoModeration)
          : [],
      });
    },
  );

  /** A signed URL of a stored file for this caller alone: no shared cache may keep the answer. */
  const signedPlayback = async (path: string) => {
    const expiresAt = new Date(app.clock().getTime() + PLAYBACK_URL_SECONDS * 1000);
    const signed = await app.storage.signedUrl(path, { expiresInSeconds: PLAYBACK_URL_SECONDS });
    return {
      ready: true,
      url: forPage(signed, app.config.publicUrl),
      expiresAt: expiresAt.toISOString(),
      contentType: contentTypeOf(path),
    };
  };

  app.get(
    '/api/videos/:videoId/playback',
    {
      schema: {
        tags: ['videos'],
        summary:
          'What the player plays: the watermarked preview, or the original for the owner, staff and the holder of a completed license; a signed, expiring URL that answers byte ranges',
        params: videoIdParams,
        response: { 200: videoPlayback, ...errorResponses },
      },
    },
    async (request, reply) => {
      const row = await catalog.visible(request.user, request.params.videoId);
      if (!row.path || !(await fileExists(row.path))) throw notFound();
      reply.header('cache-control', 'private, no-store');
      const rendition = await catalog.rendition(request.user, { userId: row.user_id, id: row.id });
      if (rendition === 'original') return { rendition, ...(await signedPlayback(row.path)) };
      // The original never leaves for anyone else: until its preview is made there is nothing to play.
      const preview = row.preview_status === 'ready' ? row.preview_key : null;
      if (!preview || !(await fileExists(preview)))
        return { rendition, ready: false, url: null, expiresAt: null, contentType: null };
      return { rendition, ...(await signedPlayback(preview)) };
    },
  );
};
