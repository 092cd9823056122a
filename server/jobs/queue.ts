import { type ConstructorOptions, PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { Database } from '../db/connection';
import { currentRequestId, requestContext } from '../request-context';

/**
 * The job queue runs on the same database and, on the embedded one, through the same single-connection
 * pool as everything else: a second connection to PGlite would run inside someone else's transaction.
 * A job sent from inside a transaction must be sent through that transaction (pg-boss's `fromKysely`).
 */
export function createQueue(
  database: Database,
  /** How often this instance looks for jobs gone stale (tests make it prompt). */
  supervision: Pick<ConstructorOptions, 'superviseIntervalSeconds' | 'monitorIntervalSeconds'> = {},
): PgBoss {
  return new PgBoss({
    db: { executeSql: (text, values) => database.pool.query(text, values) },
    backend: database.kind === 'embedded' ? 'pglite' : 'postgres',
    schema: 'pgboss',
    ...supervision,
  });
}

/**
 * The send option of a long job (ffmpeg over a large original): the worker running it renews its claim
 * every half minute (pg-boss does), and a job whose instance died without a word is retried once a minute
 * goes by unrenewed (found by any instance's monitor, which looks every minute), not after pg-boss's
 * 15-minute expiry. A minute, not less: on a busy machine the embedded database's one connection may
 * keep a renewal waiting for seconds, and a live job retried is work done twice.
 */
export const CLAIM_RENEWED = { heartbeatSeconds: 60 } as const;

/**
 * Creates the named queues (idempotent) and loads each into pg-boss's queue cache. Sending from inside a
 * transaction must never miss that cache: on a miss pg-boss looks the queue up through the pool, which
 * on the embedded database waits for the connection the transaction itself holds, forever.
 */
export async function ensureQueues(queue: PgBoss, names: readonly string[]): Promise<void> {
  for (const name of names) {
    if (!(await queue.getQueue(name))) await queue.createQueue(name);
    await queue.previewRedrive(name); // a read that fills the cache entry
  }
}

/** The id of the request that queued a job (request-context.ts), carried in its data for its log lines. */
export interface Traced {
  requestId?: string;
}

/** A job's data with the id of the request running now, if any. */
export function traced<T extends object>(data: T): T & Traced {
  const requestId = currentRequestId();
  return requestId ? { ...data, requestId } : data;
}

/**
 * Runs a job's work as part of the request that queued it: the jobs it queues in turn carry the same id,
 * and `log` writes it as `reqId`, the key of Fastify's request log lines, so one search finds both.
 */
export function asPartOf<T>(data: Traced, logger: Logger, work: (log: Logger) => Promise<T>): Promise<T> {
  const log = data.requestId ? logger.child({ reqId: data.requestId }) : logger;
  return data.requestId ? requestContext.run({ requestId: data.requestId }, () => work(log)) : work(log);
}
