import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { moderationEndpoints as endpoints } from '../../../common/endpoints/moderation';
import { route } from '../route';

const staffLimit = { config: { rateLimit: { max: 300, timeWindow: '1 hour' } } };

/**
 * Review (SPEC 1, 4.1, 6): the operations of `common/endpoints/moderation.ts`, for staff with
 * manage_videos and admins (the table's access). Which status may follow which is `videoModeration`'s
 * question (`policies/video-moderation.policy.ts`).
 */
export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { videoModeration } = app.services;

  route(
    app,
    endpoints.changeStatus,
    ({ caller, params, body }) =>
      videoModeration.changeStatus(caller, params.videoId, body.to, {
        text: body.reason,
        code: body.declineReason,
      }),
    staffLimit,
  );
  route(
    app,
    endpoints.retryPublishing,
    ({ caller, params }) => videoModeration.retryPublishing(caller, params.videoId),
    staffLimit,
  );
  route(app, endpoints.history, ({ params }) => videoModeration.history(params.videoId));
  route(app, endpoints.reviewQueue, ({ query }) => videoModeration.reviewQueue(query));
  route(app, endpoints.copyCheck, ({ params }) => videoModeration.copyCheck(params.videoId));
  route(
    app,
    endpoints.decideCopy,
    ({ caller, params, body }) => videoModeration.decideCopy(caller, params.videoId, body.decision),
    staffLimit,
  );
};
