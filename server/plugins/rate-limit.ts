import fastifyRateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Executor } from '../repositories/executor';
import { rateLimitHitsRepository } from '../repositories/rate-limit-hits.repository';

declare module '@fastify/rate-limit' {
  interface RateLimitOptions {
    /**
     * Counted in each instance's memory, not the shared table: for a route called so often that a write
     * per call would cost more than the answer (a view counted), where N instances giving N budgets only
     * loosens a limit that stops a script (the counting's own once-a-day rule stays exact).
     */
    perInstance?: boolean;
  }
}

/** How often ended counters are swept from the shared table (on a hit, so no timer outlives the app). */
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * The per-route limits (`config.rateLimit` on a route), keyed by the client address (`request.ip`, which
 * honours only the trusted proxies of TRUST_PROXY). On PostgreSQL the counters live in the database, so
 * N app instances give one budget, not N; the embedded database runs in one process, which keeps them in
 * memory. A failing counter fails the request (the plugin's default): a limit that stops counting when
 * the database struggles would be off exactly when it matters.
 */
export async function registerRateLimit(app: FastifyInstance, shared: { db: Executor } | null) {
  await app.register(fastifyRateLimit, {
    global: false,
    ...(shared && { store: sharedStore(shared.db, app.log) }),
  });
}

function sharedStore(db: Executor, log: FastifyBaseLogger) {
  const counters = rateLimitHitsRepository(db);
  let nextSweep = 0;
  const sweep = () => {
    if (Date.now() < nextSweep) return;
    nextSweep = Date.now() + SWEEP_EVERY_MS;
    counters.deleteEnded().catch((error: unknown) => {
      nextSweep = 0; // the next hit tries again
      log.warn({ err: error }, 'sweeping ended rate-limit counters failed');
    });
  };

  /** The plugin builds one store, then a child per limited route: each route counts its own hits. */
  return class SharedRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly route = '',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      counters.hit(`${this.route}${key}`, timeWindow).then(
        ({ hits, msLeft }) => {
          sweep();
          callback(null, { current: hits, ttl: msLeft });
        },
        (error: Error) => callback(error),
      );
    }

    // The plugin passes the route's merged limit options with its `routeInfo` (its types say otherwise).
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      const { routeInfo, perInstance } = routeOptions as unknown as {
        routeInfo?: { method?: string | string[]; url?: string };
        perInstance?: boolean;
      };
      if (perInstance) return new InstanceStore();
      const { method, url } = routeInfo ?? {};
      return new SharedRateLimitStore(undefined, `${[method].flat().join(',')} ${url} `);
    }
  };
}

/** Addresses whose counters an instance keeps for a per-instance route (the oldest go first). */
const MOST_COUNTED_ADDRESSES = 10_000;

/** A route's counters in this instance's memory (`perInstance`). */
class InstanceStore implements FastifyRateLimitStore {
  private readonly hits = new LRUCache<string, { count: number; endsAt: number }>({
    max: MOST_COUNTED_ADDRESSES,
  });

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
  ) {
    const now = Date.now();
    const entry = this.hits.get(key);
    const window = entry && entry.endsAt > now ? entry : { count: 0, endsAt: now + timeWindow };
    window.count += 1;
    this.hits.set(key, window);
    callback(null, { current: window.count, ttl: window.endsAt - now });
  }

  child() {
    return new InstanceStore();
  }
}
