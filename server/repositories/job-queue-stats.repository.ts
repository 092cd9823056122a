import { sql } from 'kysely';
import type { Executor } from './executor';

/** One queue's jobs at this moment (pg-boss's `pgboss` schema, jobs/queue.ts). */
export interface JobQueueStats {
  queue: string;
  /** Due now and not yet taken by a worker (created or waiting for a retry). */
  waiting: number;
  /** Sent to start later (a retry's back-off, a delayed job). */
  deferred: number;
  active: number;
  /** Failed for good and still kept (pg-boss removes them after the queue's retention). */
  failed: number;
  /** Seconds the longest-waiting due job has been due; 0 when none waits. */
  oldestWaitingSeconds: number;
}

/**
 * Read-only counts of the job queue's tables, for the metrics. pg-boss's own counts (`getQueues`) are
 * written by its monitor every minute or so; these are read at the moment they are asked for.
 */
export function jobQueueStatsRepository(db: Executor) {
  return {
    /** Every queue pg-boss knows, with its counts; none when the queue's schema is not installed. */
    async all(): Promise<JobQueueStats[]> {
      const installed = await sql<{ present: boolean }>`
        select to_regclass('pgboss.job') is not null as present`.execute(db);
      if (!installed.rows[0]?.present) return [];
      const { rows } = await sql<JobQueueStats>`
        select
          q.name as queue,
          (count(j.id) filter (where j.state in ('created', 'retry') and j.start_after <= now()))::int
            as waiting,
          (count(j.id) filter (where j.state in ('created', 'retry') and j.start_after > now()))::int
            as deferred,
          (count(j.id) filter (where j.state = 'active'))::int as active,
          (count(j.id) filter (where j.state = 'failed'))::int as failed,
          coalesce(extract(epoch from now() - min(j.start_after)
            filter (where j.state in ('created', 'retry') and j.start_after <= now())), 0)::float8
            as "oldestWaitingSeconds"
        from pgboss.queue q
        left join pgboss.job j on j.name = q.name and j.state in ('created', 'retry', 'active', 'failed')
        group by q.name
        order by q.name`.execute(db);
      return rows;
    },
  };
}
