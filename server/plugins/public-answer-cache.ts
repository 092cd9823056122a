import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { EventBus } from '../adapters/events/event-bus';
import { carriesSession } from './auth';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's anonymous answers are shared for a few seconds (plugins/public-answer-cache.ts). */
    publicAnswerCache?: boolean;
    /** A write that changes nothing visitors see (a view counted): shared answers stay. */
    keepsPublicAnswers?: boolean;
  }
}

/** Distinct addresses kept at most (each a few KB of JSON): a crawler's many pages push out the oldest. */
const MOST_ANSWERS = 1000;
const JSON_TYPE = 'application/json; charset=utf-8';
/** Methods that change nothing: any other that succeeds may have changed what visitors see. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** A route's extras that share its anonymous answers: the lists and pages every visitor asks for. */
export const sharedWithVisitors = { config: { publicAnswerCache: true } };

/** The header that says whether an answer came from the cache, for operators and tests. */
export const ANSWER_CACHE_HEADER = 'x-answer-cache';

/**
 * The video lists and pages are asked for by every visitor and change rarely: an anonymous caller's
 * answer is kept in this instance's memory for `seconds` and given to the next anonymous callers of the
 * same address, skipping the database, the checks and the serialisation. Only a member's answer differs
 * (their own hidden videos, what they may do), so a request with a session never reads or fills it.
 * Cleared whole on any write to a video or a member, on every instance (the database's notices), and at
 * once by a successful write through this instance (its notice arrives a moment after the answer).
 */
export function registerPublicAnswerCache(
  app: FastifyInstance,
  options: { seconds: number; changes: Pick<EventBus, 'onPublicChange'> },
): void {
  if (options.seconds <= 0) return;
  const answers = new LRUCache<string, string>({ max: MOST_ANSWERS, ttl: options.seconds * 1000 });
  // An answer computed while a change landed may predate it: it is kept only if no clear came between.
  let generation = 0;
  const clear = () => {
    generation++;
    answers.clear();
  };
  const stopListening = options.changes.onPublicChange(() => clear());
  app.addHook('onClose', async () => stopListening());

  const startedIn = new WeakMap<FastifyRequest, number>();
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || !request.routeOptions.config.publicAnswerCache) return;
    if (carriesSession(request)) return;
    const kept = answers.get(request.url);
    if (kept === undefined) {
      startedIn.set(request, generation);
      return;
    }
    return reply.header('content-type', JSON_TYPE).header(ANSWER_CACHE_HEADER, 'hit').send(kept);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    // Sent after the write committed, before the caller can ask again.
    const changes = !SAFE_METHODS.has(request.method) && !request.routeOptions.config.keepsPublicAnswers;
    if (changes && reply.statusCode < 400) clear();
    const started = startedIn.get(request);
    if (started === undefined) return payload;
    reply.header(ANSWER_CACHE_HEADER, 'miss');
    if (reply.statusCode === 200 && typeof payload === 'string' && started === generation) {
      answers.set(request.url, payload);
    }
    return payload;
  });
}
