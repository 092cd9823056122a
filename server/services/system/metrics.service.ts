import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { notAuthenticated } from '../../errors';
import type { Executor } from '../../repositories/executor';
import { type JobQueueStats, jobQueueStatsRepository } from '../../repositories/job-queue-stats.repository';
import { mailOutboxRepository } from '../../repositories/mail-outbox.repository';
import { OUTBOX_DELIVERY } from '../mail/mail-outbox';

/**
 * One answered HTTP request as the metrics keep it: the route's pattern, never the path (ids, e-mails and
 * file names live in paths), and nothing of the caller.
 */
export interface RequestSample {
  /** The matched route's pattern (`/api/videos/:id`), or one of a few fixed names for the rest. */
  route: string;
  method: string;
  /** `2xx`, `4xx` ... */
  statusClass: string;
  seconds: number;
}

const JOB_STATES = ['waiting', 'deferred', 'active', 'failed'] as const;

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** One run of `read` for every caller that asks while it runs: the gauges of one scrape share a query. */
function shared<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  return () => {
    running ??= read().finally(() => {
      running = null;
    });
    return running;
  };
}

/**
 * Prometheus metrics of this app instance, in a registry of its own (two apps in one process, as in the
 * tests, never share a series): HTTP requests by route, upload bytes, live-event clients, the job queues
 * and the mail outbox (read from the database when scraped, not on a timer), and prom-client's process
 * metrics. Built only when METRICS_TOKEN is set. No label carries a user's data: routes are patterns,
 * queues and states are the code's own names.
 */
export function metricsService(deps: {
  /** METRICS_TOKEN: the bearer token a scraper must send. */
  token: string;
  db: Executor;
  /** How many live-event streams this instance has open. */
  liveClients: () => number;
  log: Pick<FastifyBaseLogger, 'warn'>;
}) {
  const registry = new Registry();
  const registers = [registry];
  const expected = sha256(deps.token);

  const labelNames = ['route', 'method', 'status_class'] as const;
  const requests = new Counter({
    name: 'clipmarket_http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status class',
    labelNames,
    registers,
  });
  const durations = new Histogram({
    name: 'clipmarket_http_request_duration_seconds',
    help: 'Time from a request to the end of its answer, by route pattern, method and status class',
    labelNames,
    registers,
  });
  const uploadBytes = new Counter({
    name: 'clipmarket_upload_received_bytes_total',
    help: 'Bytes of resumable uploads (videos and TV submissions) received and stored',
    registers,
  });
  new Gauge({
    name: 'clipmarket_live_event_clients',
    help: 'Live-event streams (Server-Sent Events) open on this instance',
    registers,
    collect() {
      this.set(deps.liveClients());
    },
  });

  /** A failing read leaves its gauges empty for this scrape; the other metrics still answer. */
  const orNothing =
    <T>(what: string) =>
    (error: unknown): T | null => {
      deps.log.warn({ err: error }, `metrics: reading ${what} failed`);
      return null;
    };
  const queues = jobQueueStatsRepository(deps.db);
  const queueStats = shared(() => queues.all().catch(orNothing<JobQueueStats[]>('the job queues')));
  new Gauge({
    name: 'clipmarket_job_queue_jobs',
    help: 'Jobs per queue and state: waiting (due, not taken yet), deferred (to start later), active, failed (kept for a while)',
    labelNames: ['queue', 'state'] as const,
    registers,
    async collect() {
      this.reset();
      for (const stats of (await queueStats()) ?? [])
        for (const state of JOB_STATES) this.set({ queue: stats.queue, state }, stats[state]);
    },
  });
  new Gauge({
    name: 'clipmarket_job_queue_oldest_waiting_seconds',
    help: 'Seconds the longest-waiting due job of each queue has been due (0: none waits)',
    labelNames: ['queue'] as const,
    registers,
    async collect() {
      this.reset();
      for (const stats of (await queueStats()) ?? [])
        this.set({ queue: stats.queue }, stats.oldestWaitingSeconds);
    },
  });
  const outbox = mailOutboxRepository(deps.db);
  new Gauge({
    name: 'clipmarket_mail_outbox_unsent',
    help: 'Mails in the outbox not sent yet: waiting (still being tried) and failed (given up after the last attempt)',
    labelNames: ['state'] as const,
    registers,
    async collect() {
      this.reset();
      const unsent = await outbox
        .countUnsent(OUTBOX_DELIVERY.maxAttempts)
        .catch(orNothing<{ waiting: number; failed: number }>('the mail outbox'));
      if (!unsent) return;
      this.set({ state: 'waiting' }, unsent.waiting);
      this.set({ state: 'failed' }, unsent.failed);
    },
  });
  // After the product's own, which a reader of the scrape looks for first.
  collectDefaultMetrics({ register: registry });

  return {
    observeRequest(sample: RequestSample): void {
      const labels = { route: sample.route, method: sample.method, status_class: sample.statusClass };
      requests.inc(labels);
      durations.observe(labels, sample.seconds);
    },

    countUploadBytes(bytes: number): void {
      if (bytes > 0) uploadBytes.inc(bytes);
    },

    /**
     * The metrics in Prometheus's text format, to a caller that sends `Authorization: Bearer <token>`.
     * A missing or wrong token is 401 NOT_AUTHENTICATED rather than a 404: that the path exists is no
     * secret (the software is the same on every site, and the OpenAPI document lists it while it is on),
     * the numbers are; and a 401 on the scraper's target page tells its operator that the token, not the
     * address, is wrong. Without METRICS_TOKEN there is no route at all: the 404 of any unknown path.
     */
    async scrape(authorization: string | undefined): Promise<{ contentType: string; text: string }> {
      const given = /^Bearer +(\S+)$/i.exec(authorization?.trim() ?? '')?.[1] ?? '';
      // Both sides hashed first: equal lengths for the constant-time comparison, whatever was sent.
      if (!timingSafeEqual(sha256(given), expected)) throw notAuthenticated();
      return { contentType: registry.contentType, text: await registry.metrics() };
    },
  };
}
export type MetricsService = ReturnType<typeof metricsService>;
