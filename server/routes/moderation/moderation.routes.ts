import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type ReviewItem,
  reviewQueue,
  reviewQueueQuery,
  statusChangeBody,
  statusChanged,
  statusHistory,
} from '../../../common/contracts/moderation';
import { videoIdParams } from '../../../common/contracts/videos';
import { normalizeVideoStatus } from '../../../common/video-status';
import { forPage } from '../../adapters/storage/signed-file-url';
import { AppError } from '../../errors';
import { assertVideoStaff } from '../../policies/staff.policy';
import { nextStatuses } from '../../policies/video-moderation.policy';
import { cursorAfter, pageOf } from '../../services/paging';
import { errorBody, errorResponses } from '../responses';

/** Statuses the review queue shows: new videos, and duplicates waiting to be declined or archived. */
const QUEUE_STATUSES = ['not_verified', 'duplicate'] as const;
/** Signed links of the queue (player, signature) work for an hour: long enough to review a page. */
const SIGNED_URL_SECONDS = 60 * 60;

/** Review (SPEC 1, 4.1, 6): only staff with manage_videos, or admins, change statuses and see the queue. */
export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const moderation = app.services.videoModeration;
  const notifier = app.services.videoStatusNotifier;

  app.post(
    '/api/videos/:videoId/status',
    {
      config: { rateLimit: { max: 300, timeWindow: '1 hour' } },
      schema: {
        tags: ['moderation'],
        summary: 'Change a video status (staff): approve, decline with a reason, mark ready, archive',
        params: videoIdParams,
        body: statusChangeBody,
        response: { 200: statusChanged, ...errorResponses, 409: errorBody },
      },
    },
    async (request) => {
      assertVideoStaff(request.user);
      const { to, reason } = request.body;
      const changed = await moderation.changeStatus(request.user, request.params.videoId, to, reason);
      // The change is committed; a mail server that is down must not turn it into an error.
      await notifier
        .notify(request.params.videoId, { reason: changed.change.reason })
        .catch((error: unknown) => request.log.error({ err: error }, 'telling the owner of a status failed'));
      return changed;
    },
  );

  app.post(
    '/api/videos/:videoId/publishing/retry',
    {
      config: { rateLimit: { max: 300, timeWindow: '1 hour' } },
      schema: {
        tags: ['moderation'],
        summary: 'Publish a video to YouTube again after publishing failed (staff; publishing configured)',
        params: videoIdParams,
        response: { 200: statusChanged, ...errorResponses, 409: errorBody },
      },
    },
    async (request) => {
      assertVideoStaff(request.user);
      return moderation.retryPublishing(request.user, request.params.videoId);
    },
  );

  app.get(
    '/api/videos/:videoId/history',
    {
      schema: {
        tags: ['moderation'],
        summary: 'The status changes of a video, oldest first (staff)',
        params: videoIdParams,
        response: { 200: statusHistory, ...errorResponses },
      },
    },
    async (request) => {
      assertVideoStaff(request.user);
      const rows = await moderation.history(request.params.videoId);
      return {
        items: rows.map((row) => ({
          id: row.id,
          from: normalizeVideoStatus(row.from_status),
          to: normalizeVideoStatus(row.to_status),
          reason: row.reason,
          automatic: row.automatic,
          changedAt: row.changed_at.toISOString(),
          changedBy: row.user_id ? { id: row.user_id, name: row.user_name ?? '' } : null,
        })),
      };
    },
  );

  app.get(
    '/api/review/videos',
    {
      schema: {
        tags: ['moderation'],
        summary: 'Videos waiting for review, oldest first, with owner details, player and signature (staff)',
        querystring: reviewQueueQuery,
        response: { 200: reviewQueue, ...errorResponses },
      },
    },
    async (request) => {
      assertVideoStaff(request.user);
      const { limit, cursor } = request.query;
      const queue = { statuses: QUEUE_STATUSES, limit, afterId: cursorAfter(cursor) };
      const { rows, originals: duplicated } = await moderation.queue(queue);
      const page = rows.slice(0, limit);
      const originals = new Map(duplicated.map((o) => [o.sha256, o]));
      const signed = (path: string | null) =>
        path
          ? app.storage
              .signedUrl(path, { expiresInSeconds: SIGNED_URL_SECONDS })
              .then((url) => forPage(url, app.config.publicUrl))
          : Promise.resolve(null);
      const items = new Map<string, ReviewItem>();
      for (const row of page) {
        const status = normalizeVideoStatus(row.status);
        const original = row.sha256 ? originals.get(row.sha256) : undefined;
        items.set(row.id, {
          id: row.id,
          title: row.title,
          description: row.description,
          keywords: row.keywords,
          status,
          createdAt: row.created_at.toISOString(),
          duration: row.duration,
          thumbnailUrl: row.thumbnail ? app.storage.publicUrl(row.thumbnail) : null,
          playbackUrl: await signed(row.path),
          signatureUrl: await signed(row.signature_path),
          agreementVersion: row.agreement_version,
          user: { id: row.user_id, name: row.user_name, email: row.user_email },
          owner: {
            name: row.owner_name,
            email: row.owner_email,
            phone: row.owner_phone,
            country: row.owner_country,
            dob: row.owner_dob,
            instagram: row.owner_instagram,
          },
          duplicateOf:
            original && original.id !== row.id
              ? {
                  id: original.id,
                  title: original.title,
                  user: { id: original.user_id, name: original.user_name },
                }
              : null,
          nextStatuses: [...nextStatuses(status, moderation)],
        });
      }
      return pageOf(rows, limit, (row) => {
        const item = items.get(row.id);
        if (!item) throw new AppError('INTERNAL_ERROR', 500);
        return item;
      });
    },
  );
};
