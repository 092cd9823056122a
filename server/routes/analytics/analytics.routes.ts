import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyticsEndpoints as endpoints } from '../../../common/endpoints/analytics';
import { route } from '../route';

/** A creator's analytics (issue 35): the operations of `common/endpoints/analytics.ts`, the caller's own. */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { creatorAnalytics } = app.services;

  route(app, endpoints.mine, ({ caller, query }) => creatorAnalytics.mine(caller.id, query.period));
  route(app, endpoints.ofVideo, ({ caller, params, query }) =>
    creatorAnalytics.ofVideo(caller.id, params.videoId, query.period),
  );
};
