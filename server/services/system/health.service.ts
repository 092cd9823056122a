import type { Executor } from '../../repositories/executor';
import { healthRepository } from '../../repositories/health.repository';

/** Liveness: the app is healthy while the database answers. */
export function healthService(deps: { db: Executor }) {
  const health = healthRepository(deps.db);
  return {
    async databaseAnswers(): Promise<boolean> {
      return health.ping().then(
        () => true,
        () => false,
      );
    },
  };
}
