import type { ReadinessResponse } from '../../../common/contracts/health';
import type { Storage } from '../../adapters/storage/storage';
import type { Executor } from '../../repositories/executor';
import { healthRepository } from '../../repositories/health.repository';

/** Where the readiness check writes: a file of its own, outside the public prefixes. */
const PROBE_FILE = 'upkeep/readiness-probe';

const outcome = (work: () => Promise<boolean>) =>
  work().then(
    (ok) => (ok ? 'ok' : 'failing'),
    () => 'failing' as const,
  );

/**
 * Liveness (`check`): the app is healthy while the database answers; the answer names which database.
 * Readiness (`ready`): this instance can serve, for a load balancer or a rollout to wait for.
 */
export function healthService(deps: {
  db: Executor;
  databaseKind: 'embedded' | 'postgres';
  storage: Storage;
  /** Whether this instance's job queue runs; absent when the app runs no jobs (then 'off'). */
  jobsRunning?: () => boolean;
}) {
  const health = healthRepository(deps.db);
  return {
    async check(): Promise<{ status: 'ok'; database: 'embedded' | 'postgres' } | { status: 'unavailable' }> {
      const answers = await health.ping().then(
        () => true,
        () => false,
      );
      return answers ? { status: 'ok', database: deps.databaseKind } : { status: 'unavailable' };
    },

    async ready(): Promise<ReadinessResponse> {
      const [database, migrations, storage] = await Promise.all([
        outcome(async () => {
          await health.ping();
          return true;
        }),
        outcome(async () => (await health.pendingMigrations()) === 0),
        outcome(async () => {
          await deps.storage.put(PROBE_FILE, Buffer.from('ok'), 'text/plain');
          return true;
        }),
      ]);
      const jobs = deps.jobsRunning ? (deps.jobsRunning() ? 'ok' : 'failing') : 'off';
      const checks = { database, migrations, storage, jobs } as const;
      const ready = Object.values(checks).every((value) => value !== 'failing');
      return { status: ready ? 'ready' : 'unready', checks };
    },
  };
}
