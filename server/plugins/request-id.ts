import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { requestContext } from '../request-context';

/** An id a proxy may hand us (nginx's `$request_id` is 32 hex digits): short, and nothing a log could misread. */
const ACCEPTED_ID = /^[\w.:-]{8,64}$/;

/**
 * Fastify's `genReqId`: the `X-Request-Id` the reverse proxy set, when we trust a proxy and it looks like
 * an id; a random UUID otherwise (Fastify's own `req-1` counts per process, and several instances would
 * repeat each other's). The proxy's id ties its access log to ours.
 */
export function requestIdGenerator(trustsProxy: boolean) {
  return (request: IncomingMessage): string => {
    const given = request.headers['x-request-id'];
    return trustsProxy && typeof given === 'string' && ACCEPTED_ID.test(given) ? given : crypto.randomUUID();
  };
}

/**
 * Every answer says its request's id (`X-Request-Id`), for a user's report to find our log lines; and
 * everything the request runs, the jobs it queues included, can read it (request-context.ts).
 */
export function registerRequestId(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    // On the raw answer too: the upload routes hand theirs to tus, which writes it itself.
    reply.raw.setHeader('x-request-id', request.id);
    requestContext.run({ requestId: request.id }, done);
  });
}
