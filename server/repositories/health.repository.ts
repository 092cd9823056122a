import { sql } from 'kysely';
import { migrations } from '../db/migrations/index';
import type { Executor } from './executor';

/** The liveness probe's one question to the database. */
export function healthRepository(db: Executor) {
  return {
    async ping(): Promise<void> {
      await sql`select 1`.execute(db);
    },
    /** How many of the app's migrations the database has not run (another instance may still be at it). */
    async pendingMigrations(): Promise<number> {
      const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
      const applied = new Set(rows.map((row) => row.name));
      return Object.keys(migrations).filter((name) => !applied.has(name)).length;
    },
  };
}
