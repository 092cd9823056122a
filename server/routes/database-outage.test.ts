import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, createVideo, type TestUser } from '../../tests/support/factories';
import { requestAs } from '../../tests/support/requests';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { testDatabaseKind } from '../../tests/support/test-database';

/**
 * The database connection dropped in the middle of a transaction. Only PostgreSQL has other sessions to
 * end one from (the embedded database is one session inside the server), so this runs there only.
 */
const onPostgres = testDatabaseKind() === 'postgres';

let t: TestApp;
let send: ReturnType<typeof requestAs>;
let owner: TestUser;
let moderator: TestUser;
/** A session of our own beside the app's pool: it holds a lock and ends the app's backend. */
let other: pg.Client;
beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp();
  send = requestAs(t);
  owner = await createUser(t, { verified: true });
  moderator = await createUser(t, { rights: ['manage_videos'] });
  other = new pg.Client({ connectionString: t.database.pool.options.connectionString });
  await other.connect();
});
afterAll(async () => {
  if (!onPostgres) return;
  await other.end();
  await t.close();
});

/** The app's backend that waits for a lock, once it waits (the status change has written by then). */
async function waitingBackend(): Promise<number> {
  for (let tries = 0; tries < 200; tries++) {
    const { rows } = await other.query<{ pid: number }>(
      `select pid from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
    );
    if (rows[0]) return rows[0].pid;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the status change never waited for the lock');
}

describe.skipIf(!onPostgres)('the connection dropped during a status change', () => {
  it('leaves nothing half-written, and the next requests work', async () => {
    const keyword = 'droppedmidway';
    await createVideo(t.db, owner.id, { keywords: [keyword] }); // approved: the keyword has a count of 1
    const id = await createVideo(t.db, owner.id, { status: 'not_verified', keywords: [keyword] });

    // Holding the keyword's summary row makes the approval stop after it wrote the video's new status
    // and before it wrote the summary and the history: the middle of its transaction.
    await other.query('begin');
    await other.query('select count from keyword_summary where keyword = $1 for update', [keyword]);
    const pending = send('POST', `/api/videos/${id}/status`, moderator, { to: 'approved', reason: '' });
    const pid = await waitingBackend();
    await other.query('select pg_terminate_backend($1)', [pid]);
    await other.query('rollback');

    const dropped = await pending;
    expect(dropped.statusCode).toBe(500);
    expect(dropped.json()).toMatchObject({ code: 'INTERNAL_ERROR' });
    const video = await t.db
      .selectFrom('videos')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(video.status).toBe('not_verified');
    expect(
      await t.db.selectFrom('video_status_changes').select('id').where('video_id', '=', id).execute(),
    ).toEqual([]);
    const summary = await t.db
      .selectFrom('keyword_summary')
      .select('count')
      .where('keyword', '=', keyword)
      .executeTakeFirstOrThrow();
    expect(Number(summary.count)).toBe(1);

    // More requests than the pool has connections: a broken one left in the pool would fail one of them.
    for (let n = 0; n < 6; n++) {
      expect((await send('GET', `/api/videos/${id}/history`, moderator)).statusCode).toBe(200);
    }
    const retried = await send('POST', `/api/videos/${id}/status`, moderator, { to: 'approved', reason: '' });
    expect(retried.statusCode).toBe(200);
    const after = await t.db
      .selectFrom('keyword_summary')
      .select('count')
      .where('keyword', '=', keyword)
      .executeTakeFirstOrThrow();
    expect(Number(after.count)).toBe(2);
  });
});
