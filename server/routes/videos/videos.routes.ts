import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { videoEndpoints as endpoints } from '../../../common/endpoints/videos';
import { sharedWithVisitors } from '../../plugins/public-answer-cache';
import { route } from '../route';

// A creator submits (and withdraws) a few videos an hour; this only stops a script.
const submissionLimit = { config: { rateLimit: { max: 30, timeWindow: '1 hour' } } };
// A person plays, opens and is shown a few videos a minute; the limit only stops a script inflating the
// counts, and is kept per instance (a shared counter would cost a write per count). A count changes
// nothing a visitor sees: the shared answers of the lists and pages stay. Who the member was seconds ago
// is enough to count (plugins/recent-callers.ts).
const viewLimit = {
  config: {
    rateLimit: { max: 60, timeWindow: '1 minute', perInstance: true },
    keepsPublicAnswers: true,
    recentCallerIsEnough: true,
  },
};

/** The browser a count came from, as the counting keeps it. */
const clientOf = (request: FastifyRequest) => ({
  address: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
});

/**
 * Video submission, listing and the video page: the operations of `common/endpoints/videos.ts`. Who sees
 * what is `policies/video.policy.ts`, asked by the services: public statuses for everyone, every status
 * to the owner and to staff.
 */
export const videosRoutes: FastifyPluginAsyncZod = async (app) => {
  const { videoSubmissions, videoCatalog, videoPage, videoViews, searchAppearances } = app.services;

  route(
    app,
    endpoints.submit,
    ({ caller, body }) => videoSubmissions.create(caller.id, body),
    submissionLimit,
  );
  route(
    app,
    endpoints.withdraw,
    ({ caller, params }) => videoSubmissions.withdraw(caller.id, params.videoId),
    submissionLimit,
  );
  route(app, endpoints.list, ({ caller, query }) => videoCatalog.list(caller, query), sharedWithVisitors);
  route(
    app,
    endpoints.detail,
    ({ caller, params }) => videoPage.detail(caller, params.videoId),
    sharedWithVisitors,
  );
  route(
    app,
    endpoints.countView,
    ({ caller, params, request }) => videoViews.count(caller, params.videoId, clientOf(request)),
    viewLimit,
  );
  route(
    app,
    endpoints.countOpen,
    ({ caller, params, body, request }) =>
      videoViews.countOpen(caller, params.videoId, clientOf(request), body.searchWords),
    viewLimit,
  );
  route(
    app,
    endpoints.countAppearances,
    ({ caller, body, request }) =>
      searchAppearances.count(caller, body.videoIds, clientOf(request).userAgent),
    viewLimit,
  );
  route(app, endpoints.provenance, ({ caller, params }) => videoPage.provenance(caller, params.videoId));
  route(app, endpoints.playback, async ({ caller, params, reply }) => {
    const playback = await videoPage.playback(caller, params.videoId);
    // A signed URL for this caller alone: no shared cache may keep the answer.
    reply.header('cache-control', 'private, no-store');
    return playback;
  });
};
