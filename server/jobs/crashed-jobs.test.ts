import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '../../tests/support/test-database';
import type { Database } from '../db/connection';
import { inTransaction } from '../repositories/executor';
import { CLAIM_RENEWED, createQueue, ensureQueues } from './queue';
import { previewQueueing, VIDEO_PREVIEW_QUEUE } from './video-preview.job';
import { processingQueueing, VIDEO_PROCESSING_QUEUE } from './video-processing.job';

/**
 * A video's processing or preview whose instance died mid-job (killed, out of memory, a lost machine) is
 * worked again once its claim goes a minute unrenewed, not after pg-boss's 15-minute expiry: the creator
 * waits a minute or two. On pg-boss itself, both databases; a claim is taken as a worker takes it, and
 * the worker's death is a claim nobody renews (the minute that passes is written into the row).
 */
let database: Database;
let queue: PgBoss;
beforeAll(async () => {
  database = await createTestDatabase();
  // Looks for stale claims every second, where production looks every minute.
  queue = createQueue(database, { superviseIntervalSeconds: 1, monitorIntervalSeconds: 1 });
  await queue.start();
  await ensureQueues(queue, [VIDEO_PROCESSING_QUEUE, VIDEO_PREVIEW_QUEUE]);
});
afterAll(async () => {
  await queue.stop({ graceful: false, close: false });
  await database.close();
});

const stateOf = async (name: string, id: string) =>
  (await queue.findJobs(name, { id })).map((job) => [job.state, job.retryCount]);

it.each([
  [
    'processing',
    VIDEO_PROCESSING_QUEUE,
    (videoId: string) => inTransaction(database.db, (trx) => processingQueueing(queue)(trx, { videoId })),
  ],
  ['preview', VIDEO_PREVIEW_QUEUE, (videoId: string) => previewQueueing(queue).now(videoId)],
])('a %s job whose worker died is worked again a minute later', async (_, name, send) => {
  await send(`crashed-${name}`);
  const [job] = await queue.fetch(name);
  expect(job?.heartbeatSeconds).toBe(CLAIM_RENEWED.heartbeatSeconds);
  const id = job!.id;
  // A live claim stays: the monitor passes several times and leaves it to its worker.
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  expect(await stateOf(name, id)).toEqual([['active', 0]]);

  // The worker died just over a minute ago: its claim was last renewed then.
  await database.pool.query(
    `update pgboss.job set heartbeat_on = heartbeat_on - interval '61 seconds' where id = $1`,
    [id],
  );
  await expect.poll(() => stateOf(name, id), { timeout: 10_000 }).toEqual([['retry', 0]]);
});
