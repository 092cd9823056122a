import type { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import { ensureQueues } from './queue';

/** A piece of periodic upkeep: its queue, when it runs (cron, UTC), and what it does. */
export interface UpkeepTask {
  name: string;
  cron: string;
  run: () => Promise<unknown>;
}

/**
 * How often an instance asks whether a scheduled run is due. The slots are a minute or more apart, so a
 * run may start up to this late; at pg-boss's default of 2 s, nine queues asked for jobs that come once
 * an hour or so, about half of the polls of an idle instance.
 */
export const UPKEEP_POLLING = { pollingIntervalSeconds: 30 };

/**
 * Periodic upkeep as pg-boss schedules: however many instances run, each schedule's run is one job,
 * worked by one of them (pg-boss sends it once per slot across instances). A run that fails is logged
 * and not retried: the next slot runs it again.
 */
export async function startUpkeep(
  queue: PgBoss,
  tasks: readonly UpkeepTask[],
  logger: Logger,
  polling = UPKEEP_POLLING,
) {
  const names = tasks.map((task) => `upkeep-${task.name}`);
  await ensureQueues(queue, names);
  for (const [index, task] of tasks.entries()) {
    const name = names[index]!;
    await queue.schedule(name, task.cron, null, { retryLimit: 0 });
    await queue.work(name, polling, async () => {
      try {
        await task.run();
      } catch (error) {
        logger.error({ err: error, upkeep: task.name }, 'periodic upkeep failed');
      }
    });
  }
}
