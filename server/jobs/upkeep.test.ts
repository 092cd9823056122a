import { fromKysely, type PgBoss } from 'pg-boss';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '../../tests/support/test-database';
import type { Database } from '../db/connection';
import { createQueue, ensureQueues } from './queue';
import { startUpkeep } from './upkeep';

/**
 * Jobs across instances: two queues on one database stand for two instances. Periodic upkeep on pg-boss
 * schedules, each instance starting it as main.ts does: one schedule per task, and each run done by one
 * instance only. And a job someone waits for (a video's processing, its preview) starts at its commit,
 * not at the worker's next poll, on whichever instance works it.
 */
let database: Database;
const queues: PgBoss[] = [];
const runs: string[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
  for (const instance of ['one', 'two']) {
    const queue = createQueue(database);
    await queue.start();
    const task = { name: 'probe', cron: '*/5 * * * *', run: async () => runs.push(instance) };
    const failing = { name: 'broken', cron: '0 * * * *', run: () => Promise.reject(new Error('no')) };
    // Polled every half second here: the test sends each slot's job itself rather than waiting for one.
    await startUpkeep(queue, [task, failing], pino({ level: 'silent' }), { pollingIntervalSeconds: 0.5 });
    await ensureQueues(queue, ['probe-announced']);
    await ensureQueues(queue, ['probe-quiet'], { announce: false });
    queues.push(queue);
  }
});
afterAll(async () => {
  for (const queue of queues) await queue.stop({ graceful: false, close: false });
  await database.close();
});

it('schedules each task once, however many instances start it', async () => {
  const schedules = await queues[0]!.getSchedules();
  expect(schedules.map((schedule) => [schedule.name, schedule.cron]).sort()).toEqual([
    ['upkeep-broken', '0 * * * *'],
    ['upkeep-probe', '*/5 * * * *'],
  ]);
});

it("runs a slot's job on one instance only, and a failed run is not retried", async () => {
  await queues[0]!.send('upkeep-probe', {});
  const broken = await queues[1]!.send('upkeep-broken', {}, { retryLimit: 0 });
  for (let i = 0; i < 100 && runs.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 50));
  await new Promise((resolve) => setTimeout(resolve, 1500)); // time for a second instance to (wrongly) run it
  expect(runs).toHaveLength(1);
  const stateOfBroken = async () => (await queues[0]!.findJobs('upkeep-broken', { id: broken! }))[0]?.state;
  for (let i = 0; i < 100 && (await stateOfBroken()) !== 'completed'; i++)
    await new Promise((resolve) => setTimeout(resolve, 50));
  // The failure was logged and the job is done: the next slot runs the task again, no retry piles up.
  expect(await stateOfBroken()).toBe('completed');
});

// The workers poll only every 30 s: a job worked within seconds was woken by its commit's notification.
const SLOW_POLLING = { pollingIntervalSeconds: 30, notifyPollingIntervalSeconds: 30 };

/** Starts a worker on the second instance: `worked` resolves with the data of the first job it works. */
async function workedOnSecondInstance(name: string): Promise<{ worked: Promise<unknown> }> {
  let worked: (data: unknown) => void = () => {};
  const done = new Promise((resolve) => (worked = resolve));
  await queues[1]!.work(name, SLOW_POLLING, async ([job]) => worked(job?.data));
  // The worker's first look, at its start, has found nothing: only a wake-up or its next poll can follow.
  await new Promise((resolve) => setTimeout(resolve, 500));
  return { worked: done };
}
const within = (ms: number, promise: Promise<unknown>) =>
  Promise.race([promise, new Promise((resolve) => setTimeout(() => resolve('not yet'), ms))]);

it('a job sent inside a transaction wakes the other instance at the commit', async () => {
  const { worked } = await workedOnSecondInstance('probe-announced');
  await database.db.transaction().execute(async (trx) => {
    await queues[0]!.send('probe-announced', { video: 'v1' }, { db: fromKysely(trx) });
  });
  expect(await within(10_000, worked)).toEqual({ video: 'v1' });
});

it('a queue that does not announce its jobs waits for its poll', async () => {
  const { worked } = await workedOnSecondInstance('probe-quiet');
  await queues[0]!.send('probe-quiet', { video: 'v2' });
  expect(await within(3_000, worked)).toBe('not yet');
});
