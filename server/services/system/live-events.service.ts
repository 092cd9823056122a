import type { IncomingMessage, ServerResponse } from 'node:http';
import type { EventBus } from '../../adapters/events/event-bus';

const HEARTBEAT_MS = 25_000;

/**
 * Server-Sent Events for signed-in members (a video's status changed ...). Proxies close quiet
 * connections, hence the heartbeat; every stream ends when the server shuts down.
 */
export function liveEventsService(deps: { events: EventBus }) {
  const open = new Set<ServerResponse>();
  let closing = false;

  return {
    /** Streams the member's events on `stream` (a response taken from the framework) until `request` closes. */
    stream(userId: string, request: IncomingMessage, stream: ServerResponse): void {
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
      const unsubscribe = deps.events.subscribe(userId, (event) => {
        stream.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
      });
      const heartbeat = setInterval(() => stream.write(': heartbeat\n\n'), HEARTBEAT_MS);
      request.on('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(stream);
      });
    },

    /** How many streams this instance has open now (the metrics' live-event clients). */
    connected(): number {
      return open.size;
    },

    /** Before the server stops accepting: an open stream would otherwise hold the shutdown forever. */
    endAll(): void {
      closing = true;
      for (const stream of open) stream.end();
    },
  };
}
