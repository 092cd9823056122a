import { fromKysely } from 'pg-boss';
import { beforeEach, describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../tests/support/set-up-test-app';
import { createQueue, ensureQueues } from '../jobs/queue';

/**
 * On the embedded database everything shares one PGlite session through a pool of size 1. These tests
 * prove that concurrent work stays isolated there (and, in the postgres project, on a real server).
 */
const t = setUpTestApp();
beforeEach(async () => {
  await t.db.deleteFrom('abuse_requests').execute();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const report = (subject: string) => ({
  email: 'x@example.com',
  subject,
  message: 'm',
  url: '',
  user_id: null,
});

describe('concurrent transactions', () => {
  it('never show one transaction its neighbour’s uncommitted rows', async () => {
    const holding = t.db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('abuse_requests').values(report('uncommitted')).execute();
        await sleep(150);
        throw new Error('roll back');
      })
      .catch((error: Error) => error.message);
    await sleep(20);
    const seenMeanwhile = await t.db.selectFrom('abuse_requests').select('subject').execute();
    expect(await holding).toBe('roll back');
    expect(seenMeanwhile).toEqual([]);
    expect(await t.db.selectFrom('abuse_requests').select('subject').execute()).toEqual([]);
  });

  it('keep each of many interleaved transactions to itself, commits and rollbacks alike', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        t.db
          .transaction()
          .execute(async (trx) => {
            await trx
              .insertInto('abuse_requests')
              .values(report(`t${i}`))
              .execute();
            await sleep(Math.random() * 10);
            const mine = await trx
              .selectFrom('abuse_requests')
              .select('subject')
              .where('subject', 'like', 't%')
              .execute();
            // Only our own uncommitted row, plus rows others already committed: never another's pending one.
            expect(mine.map((row) => row.subject)).toContain(`t${i}`);
            if (i % 3 === 0) throw new Error('roll back');
            return mine.length;
          })
          .then(
            () => 'committed',
            () => 'rolled back',
          ),
      ),
    );
    const committed = outcomes.filter((outcome) => outcome === 'committed').length;
    expect(committed).toBe(16);
    const rows = await t.db.selectFrom('abuse_requests').select('subject').execute();
    expect(rows.map((row) => row.subject).sort()).toEqual(
      Array.from({ length: 24 }, (_, i) => i)
        .filter((i) => i % 3 !== 0)
        .map((i) => `t${i}`)
        .sort(),
    );
  });

  it('serve concurrent HTTP requests without losing any', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/abuse-reports',
          payload: { email: 'x@example.com', subject: `r${i}`, message: 'm' },
          remoteAddress: `10.1.0.${i}`,
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(201));
    expect(await t.db.selectFrom('abuse_requests').select('id').execute()).toHaveLength(20);
  });
});

describe('the job queue on the shared pool', () => {
  it('enqueues with the transaction it is sent in, and works jobs while other transactions run', async () => {
    const queue = createQueue(t.database);
    await queue.start();
    try {
      await ensureQueues(queue, ['demo']);
      await t.db
        .transaction()
        .execute(async (trx) => {
          await queue.send('demo', { n: 1 }, { db: fromKysely(trx) });
          throw new Error('roll back');
        })
        .catch(() => undefined);
      await t.db.transaction().execute(async (trx) => {
        await queue.send('demo', { n: 2 }, { db: fromKysely(trx) });
      });
      const done = new Promise<number[]>((resolve) => {
        void queue.work<{ n: number }>('demo', { pollingIntervalSeconds: 0.5 }, async (jobs) => {
          resolve(jobs.map((job) => job.data.n));
        });
      });
      // Keep the single connection busy with other transactions while the worker polls.
      await Promise.all(
        Array.from({ length: 5 }, () =>
          t.db.transaction().execute(async (trx) => {
            await trx.insertInto('abuse_requests').values(report('busy')).execute();
            await sleep(20);
          }),
        ),
      );
      expect(await done).toEqual([2]);
    } finally {
      await queue.stop({ graceful: false, close: false });
    }
  });
});
