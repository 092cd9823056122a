import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { videoCreated, videoSubmissionBody } from '../../../common/contracts/video-submission';
import { videoListQuery, videoListResponse } from '../../../common/contracts/videos';
import { normalizeVideoStatus, PUBLIC_VIDEO_STATUSES } from '../../../common/video-status';
import { assertVerified } from '../../policies/verification.policy';
import { videosRepository } from '../../repositories/videos.repository';
import { AppError, notAuthenticated } from '../../services/app-error';
import { videoSubmissionService } from '../../services/videos/video-submission.service';
import { cursorAfter, pageOf } from '../paging';
import { errorBody, errorResponses } from '../responses';

/** Video submission, and listing: the statuses anyone may see, and all of their own for an owner. */
export const videosRoutes: FastifyPluginAsyncZod = async (app) => {
  const videos = videosRepository(app.database.db);
  const submissions = videoSubmissionService({ db: app.database.db, storage: app.storage });

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
        params: z.object({ videoId: z.string().uuid() }),
        response: { 204: z.null(), ...errorResponses, 409: errorBody },
      },
    },
    async (request, reply) => {
      if (!request.user) throw notAuthenticated();
      await submissions.withdraw(request.user.id, request.params.videoId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/videos',
    {
      schema: {
        tags: ['videos'],
        summary: 'Publicly visible videos (all of their own for an owner), newest first',
        querystring: videoListQuery,
        response: { 200: videoListResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { limit, cursor, userId } = request.query;
      const ownVideos = userId !== undefined && userId === request.user?.id;
      const rows = await videos.list({
        statuses: ownVideos ? undefined : PUBLIC_VIDEO_STATUSES,
        // Unlisted videos open by their link only; private ones are for the owner (and staff).
        privacy: ownVideos ? undefined : 'public',
        userId,
        limit,
        afterId: cursorAfter(cursor),
      });
      return pageOf(rows, limit, (row) => ({
        id: row.id,
        title: row.title,
        thumbnailUrl: row.thumbnail ? app.storage.publicUrl(row.thumbnail) : null,
        youtubeId: row.youtube_id,
        duration: row.duration,
        status: normalizeVideoStatus(row.status),
        processingError: row.processing_error,
        createdAt: row.created_at.toISOString(),
        user: { id: row.user_id, name: row.user_name },
        editedBy: row.editor_id ? { id: row.editor_id, name: row.editor_name ?? '' } : null,
        editDate: row.edit_date ? row.edit_date.toISOString() : null,
      }));
    },
  );
};
