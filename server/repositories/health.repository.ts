import { sql } from 'kysely';
import type { Executor } from './executor';

/** The liveness probe's one question to the database. */
export function healthRepository(db: Executor) {
  return {
    async ping(): Promise<void> {
      await sql`select 1`.execute(db);
    },
  };
}
