import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { videoListQuery, videoListResponse } from '../../../common/contracts/videos';
import { normalizeVideoStatus, PUBLIC_VIDEO_STATUSES } from '../../../common/video-status';
import { decodeCursor, encodeCursor, videosRepository } from '../../repositories/videos.repository';
import { AppError } from '../../services/app-error';
import { errorResponses } from '../responses';

/** Public video listing: only the statuses anyone may see. */
export const videosRoutes: FastifyPluginAsyncZod = async (app) => {
  const videos = videosRepository(app.database.db);

  app.get(
    '/api/videos',
    {
      schema: {
        tags: ['videos'],
        summary: 'Publicly visible videos, newest first',
        querystring: videoListQuery,
        response: { 200: videoListResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { limit, cursor } = request.query;
      const after = cursor ? decodeCursor(cursor) : null;
      if (cursor && !after)
        throw new AppError('VALIDATION_FAILED', 400, undefined, [
          { field: 'cursor', message: 'errors.VALIDATION_FAILED' },
        ]);
      const rows = await videos.listByStatus(PUBLIC_VIDEO_STATUSES, limit, after);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        items: page.map((row) => ({
          id: row.id,
          title: row.title,
          thumbnailUrl: row.thumbnail ? app.storage.publicUrl(row.thumbnail) : null,
          youtubeId: row.youtube_id,
          duration: row.duration,
          status: normalizeVideoStatus(row.status),
          createdAt: row.created_at.toISOString(),
          user: { id: row.user_id, name: row.user_name },
        })),
        nextCursor: rows.length > limit && last ? encodeCursor(last.id) : null,
      };
    },
  );
};
