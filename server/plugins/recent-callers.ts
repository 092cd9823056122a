import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Caller } from '../policies/caller';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route only counts (a view, a page opened, a search's appearances): who the caller was a few
     * seconds ago is enough, so a member's session is not looked up again at every count.
     */
    recentCallerIsEnough?: boolean;
  }
}

/**
 * How long a counting route trusts a caller it has seen. A session ended or an account disabled meanwhile
 * may still have its views counted (never skipped as the owner's) for this long: the counts stay right, as
 * each viewer counts once a day, and no other route reads this memory.
 */
export const RECENT_CALLER_MS = 30_000;
/** Sessions kept at most: a busy instance's members; the oldest go first. */
const MOST_CALLERS = 10_000;

/** better-auth's session cookie, with or without its `__Secure-` prefix. */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?[\w.-]*session_token=([^;]+)/;

/**
 * The callers the counting routes met in this instance's last seconds, by session: a member's player
 * reports a view, an open and a page of search appearances within moments of each other, and each would
 * otherwise read the session and the account again (most of a member's view: issue 35). Only a caller
 * the full lookup found is remembered, under a hash of the cookie (no session token kept in memory); an
 * unknown or forged cookie is looked up every time. Per instance and only a shortcut: an instance that has
 * not seen the session looks it up.
 */
export function recentCallers() {
  const callers = new LRUCache<string, Caller>({ max: MOST_CALLERS, ttl: RECENT_CALLER_MS });
  const keyOf = (request: FastifyRequest): string | null => {
    if (!request.routeOptions.config.recentCallerIsEnough) return null;
    const token = request.headers.cookie?.match(SESSION_COOKIE)?.[1];
    return token ? createHash('sha256').update(token).digest('base64url') : null;
  };
  return {
    /** The caller this session was moments ago, or undefined where the route wants a fresh lookup. */
    recall(request: FastifyRequest): { key: string | null; caller: Caller | undefined } {
      const key = keyOf(request);
      return { key, caller: key ? callers.get(key) : undefined };
    },
    remember(key: string | null, caller: Caller): void {
      if (key) callers.set(key, caller);
    },
  };
}
