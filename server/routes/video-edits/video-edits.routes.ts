import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { videoEditsEndpoints as endpoints } from '../../../common/endpoints/video-edits';
import { route } from '../route';

/**
 * Editing videos (SPEC 2.6, 3, 6): the operations of `common/endpoints/video-edits.ts`. Who may call is
 * the table's; who may see, edit or suggest for one video is `videoEdits`' (`policies/video.policy.ts`).
 */
export const videoEditsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { videoEdits } = app.services;

  route(app, endpoints.editable, ({ caller, params }) => videoEdits.editable(caller, params.videoId));
  route(app, endpoints.edit, ({ caller, params, body }) => videoEdits.edit(caller, params.videoId, body), {
    config: { rateLimit: { max: 120, timeWindow: '1 hour' } },
  });
  route(
    app,
    endpoints.suggest,
    ({ caller, params, body }) => videoEdits.suggest(caller, params.videoId, body),
    { config: { rateLimit: { max: 30, timeWindow: '1 hour' } } },
  );
  route(app, endpoints.suggestions, ({ caller, query }) => videoEdits.suggestions(caller, query));
  route(app, endpoints.mySuggestions, ({ caller, query }) => videoEdits.mySuggestions(caller, query));
  route(app, endpoints.apply, ({ caller, params }) => videoEdits.apply(caller, params.suggestionId));
  route(app, endpoints.reject, ({ caller, params, body }) =>
    videoEdits.reject(caller, params.suggestionId, body.reason),
  );
};
