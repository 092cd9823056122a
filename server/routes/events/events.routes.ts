import type { FastifyPluginAsync } from 'fastify';
import { systemEndpoints as endpoints } from '../../../common/endpoints/system';
import { route } from '../route';

/** GET /api/events: Server-Sent Events for the signed-in user, streamed by `liveEvents`. */
export const eventsRoutes: FastifyPluginAsync = async (app) => {
  const { liveEvents } = app.services;
  app.addHook('preClose', async () => liveEvents.endAll());

  route(app, endpoints.events, async ({ caller, request, reply }) => {
    reply.hijack();
    liveEvents.stream(caller.id, request.raw, reply.raw);
    return reply;
  });
};
