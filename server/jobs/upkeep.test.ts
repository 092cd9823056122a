import type { PgBoss } from 'pg-boss';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '../../tests/support/test-database';
import type { Database } from '../db/connection';
import { createQueue } from './queue';
import { startUpkeep } from './upkeep';

/**
 * Periodic upkeep on pg-boss schedules, with two instances (two queues on one database) each starting it
 * as main.ts does: one schedule per task, and each run done by one instance only.
 */
let database: Database;
const queues: PgBoss[] = [];
const runs: string[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
  for (const instance of ['one', 'two']) {
    const queue = createQueue(database);
    await queue.start();
    // Slots far from any run's time (1 and 2 January): a slot that came during the test would send a
    // second job of its own (a run once failed so, crossing a five-minute slot).
    const task = { name: 'probe', cron: '0 0 1 1 *', run: async () => runs.push(instance) };
    const failing = { name: 'broken', cron: '0 0 2 1 *', run: () => Promise.reject(new Error('no')) };
    // Polled every half second here: the test sends each slot's job itself rather than waiting for one.
    await startUpkeep(queue, [task, failing], pino({ level: 'silent' }), { pollingIntervalSeconds: 0.5 });
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
    ['upkeep-broken', '0 0 2 1 *'],
    ['upkeep-probe', '0 0 1 1 *'],
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
