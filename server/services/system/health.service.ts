import type { Executor } from '../../repositories/executor';
import { healthRepository } from '../../repositories/health.repository';

/** Liveness: the app is healthy while the database answers; the answer names which database it is. */
export function healthService(deps: { db: Executor; databaseKind: 'embedded' | 'postgres' }) {
  const health = healthRepository(deps.db);
  return {
    async check(): Promise<{ status: 'ok'; database: 'embedded' | 'postgres' } | { status: 'unavailable' }> {
      const answers = await health.ping().then(
        () => true,
        () => false,
      );
      return answers ? { status: 'ok', database: deps.databaseKind } : { status: 'unavailable' };
    },
  };
}
