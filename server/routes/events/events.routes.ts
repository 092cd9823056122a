import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsync } from 'fastify';
import { assertSignedIn } from '../../policies/caller';

const HEARTBEAT_MS = 25_000;

/**
 * GET /api/events: Server-Sent Events for the signed-in user (a video's status changed ...). Proxies
 * close quiet connections, hence the heartbeat; the server ends every stream when it shuts down.
 */
export const eventsRoutes: FastifyPluginAsync = async (app) => {
  const open = new Set<ServerResponse>();
  let closing = false;
  // Before the server stops accepting: an open stream would otherwise hold the shutdown forever.
  app.addHook('preClose', async () => {
    closing = true;
    for (const stream of open) stream.end();
  });

  app.get(
    '/api/events',
    { schema: { tags: ['events'], summary: 'Live events (text/event-stream)' } },
    (request, reply) => {
      const user = request.user;
      assertSignedIn(user);
      reply.hijack();
      const stream = reply.raw;
      stream.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      stream.write('retry: 5000\n\n');
      // A stream whose request came in before the shutdown began but got here after it (its session was
      // still being read) was not among those ended: it ends now, and the browser reconnects elsewhere.
      if (closing) {
        stream.end();
        return;
      }
      open.add(stream);
      const unsubscribe = app.events.subscribe(user.id, (event) => {
        stream.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
      });
      const heartbeat = setInterval(() => stream.write(': heartbeat\n\n'), HEARTBEAT_MS);
      request.raw.on('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(stream);
      });
    },
  );
};
