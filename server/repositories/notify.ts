import { sql } from 'kysely';
import type { Executor } from './executor';

/**
 * NOTIFY `channel` through `db`: on a transaction's executor PostgreSQL sends it when that transaction
 * commits and never if it rolls back; on the pool, at once. Every instance LISTENing hears it (event-bus.ts).
 */
export async function notifyChannel(db: Executor, channel: string, payload = ''): Promise<void> {
  await sql`select pg_notify(${channel}, ${payload})`.execute(db);
}
