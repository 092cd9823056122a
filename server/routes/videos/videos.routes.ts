import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { videoListQuery, videoListResponse } from '../../../common/contracts/videos';
import { normalizeVideoStatus, PUBLIC_VIDEO_STATUSES } from '../../../common/video-status';
import { videosRepository } from '../../repositories/videos.repository';
import { cursorAfter, pageOf } from '../paging';
import { errorResponses } from '../responses';

/** Video listing: the statuses anyone may see, and all of their own for an owner. */
export const videosRoutes: FastifyPluginAsyncZod = async (app) => {
  const videos = videosRepository(app.database.db);

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
        createdAt: row.created_at.toISOString(),
        user: { id: row.user_id, name: row.user_name },
      }));
    },
  );
};
