import { sql } from 'kysely';
import type { TestApp } from './test-app';

/** Noon of one day of a month (YYYY-MM), UTC. */
export const dayIn = (month: string, day: number) =>
  new Date(`${month}-${String(day).padStart(2, '0')}T12:00:00Z`);

/**
 * Moves the member's rows written in the last hour to `at`, as if they had been written then: a test
 * tells a story over several months with the services of today. Returns how many rows moved.
 */
export async function backdateFreshRows(t: TestApp, userId: string, at: Date): Promise<number> {
  const result = await t.db
    .updateTable('transactions')
    .set({ created_at: at })
    .where('user_id', '=', userId)
    .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The line after `label` in a PDF's text: a statement's amount follows its description. */
export function lineAfter(text: string, label: string): string | undefined {
  const lines = text.split('\n');
  const index = lines.indexOf(label);
  return index < 0 ? undefined : lines[index + 1];
}
