import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '../../tests/support/test-database';
import type { Database } from '../db/connection';
import { deleteStaleRows } from './stale-rows.job';

/** The hourly upkeep keeps two tables from growing forever, and leaves what still counts or locks. */
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const HOUR = 3600_000;

it("deletes better-auth's counters idle for a day and locks lapsed a day ago, and keeps the rest", async () => {
  const db = database.db;
  const now = new Date();
  const key = (name: string) => `${name}-${crypto.randomUUID()}`;
  const idle = key('idle');
  const recent = key('recent');
  await db
    .insertInto('auth_rate_limits')
    .values([
      { id: crypto.randomUUID(), key: idle, count: 3, last_request: now.getTime() - 25 * HOUR },
      { id: crypto.randomUUID(), key: recent, count: 3, last_request: now.getTime() - 2 * HOUR },
    ])
    .execute();
  const [crashed, lapsedLately, held] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
  const hoursFromNow = (hours: number) => new Date(now.getTime() + hours * HOUR);
  await db
    .insertInto('upload_locks')
    .values([
      { upload_id: crashed, holder: 'gone', expires_at: hoursFromNow(-25) },
      { upload_id: lapsedLately, holder: 'slow', expires_at: hoursFromNow(-1) },
      { upload_id: held, holder: 'here', expires_at: hoursFromNow(0.01) },
    ])
    .execute();

  const deleted = await deleteStaleRows(db, now);
  expect(deleted.counters).toBeGreaterThanOrEqual(1);
  expect(deleted.locks).toBeGreaterThanOrEqual(1);
  const keys = (await db.selectFrom('auth_rate_limits').select('key').execute()).map((row) => row.key);
  expect(keys).toContain(recent);
  expect(keys).not.toContain(idle);
  const locks = (await db.selectFrom('upload_locks').select('upload_id').execute()).map(
    (row) => row.upload_id,
  );
  expect(locks).toEqual(expect.arrayContaining([lapsedLately, held]));
  expect(locks).not.toContain(crashed);
});
