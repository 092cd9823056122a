import type { PgBoss } from 'pg-boss';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, createVideo, type TestUser } from '../../tests/support/factories';
import { mailsTo } from '../../tests/support/requests';
import { createTestApp, TEST_SECRET, type TestApp } from '../../tests/support/test-app';
import { createTestDatabase } from '../../tests/support/test-database';
import { standingRequestsToldIn } from '../services/videos/video-notices';
import { createQueue, ensureQueues } from './queue';
import {
  STANDING_REQUEST_MATCHING_QUEUE,
  type StandingRequestMatchingJob,
  standingRequestMatchingQueueing,
  startStandingRequestMatching,
} from './standing-request-matching.job';

/**
 * With a job queue (as main.ts runs it), the standing requests a video answers are matched by a job that
 * the approving transaction queues: the approval answers before any request is told, the job then
 * records the match, tells the buyer's open pages and mails them, and a second run tells no one twice.
 * On pg-boss itself, on both databases.
 */
let t: TestApp;
let queue: PgBoss;
let buyer: TestUser;
let creator: TestUser;
let staff: TestUser;
beforeAll(async () => {
  const database = await createTestDatabase();
  queue = createQueue(database);
  await queue.start();
  await ensureQueues(queue, [STANDING_REQUEST_MATCHING_QUEUE]);
  t = await createTestApp(
    {},
    { database, queueStandingRequestMatching: standingRequestMatchingQueueing(queue) },
  );
  buyer = await createUser(t, { name: 'Newsroom' });
  creator = await createUser(t, { name: 'Creator' });
  staff = await createUser(t, { rights: ['manage_videos'] });
});
afterAll(async () => {
  await queue.stop({ graceful: false, close: false });
  await t.close();
});

const jobsOf = async (videoId: string) =>
  (await queue.findJobs<StandingRequestMatchingJob>(STANDING_REQUEST_MATCHING_QUEUE)).filter(
    (job) => job.data.videoId === videoId,
  );
const matchesOf = (requestId: string) =>
  t.db
    .selectFrom('standing_request_matches')
    .select('video_id')
    .where('standing_request_id', '=', requestId)
    .execute();

describe('the standing requests matching job', () => {
  it('is queued by the approval, which tells no one itself; the job matches, tells and mails once', async () => {
    const saved = await t.send('POST', '/api/me/standing-requests', {
      cookie: buyer.cookie,
      payload: { name: 'Harbour', search: { keywords: 'harbour' } },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const requestId = (saved.json() as { id: string }).id;
    const videoId = await createVideo(t.db, creator.id, {
      title: 'Boats in the harbour',
      status: 'not_verified',
      keywords: ['harbour'],
    });
    const heard: unknown[] = [];
    const unsubscribe = t.events.subscribe(buyer.id, (event) => heard.push(event));

    const approved = await t.send('POST', `/api/videos/${videoId}/status`, {
      cookie: staff.cookie,
      payload: { to: 'approved', reason: '' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await jobsOf(videoId)).toHaveLength(1);
    expect(await matchesOf(requestId)).toEqual([]);

    const told = standingRequestsToldIn({
      outbox: t.outbox,
      storage: t.storage,
      publicUrl: t.config.publicUrl,
      secret: TEST_SECRET,
      now: t.clock.now,
    });
    await startStandingRequestMatching(queue, { db: t.db, logger: pino({ level: 'silent' }), toldIn: told });
    await expect.poll(() => matchesOf(requestId), { timeout: 15_000 }).toEqual([{ video_id: videoId }]);
    await expect.poll(() => heard.length, { timeout: 5_000 }).toBe(1);
    expect(heard[0]).toMatchObject({ type: 'standing-request-match', standingRequestId: requestId, videoId });
    await t.outbox.deliverDue();
    expect((await mailsTo(t, buyer.email)).map((mail) => mail.subject)).toEqual([
      'New footage for “Harbour”',
    ]);

    // A retried job (a crash after the commit, a second edit) finds the match recorded: no one is told twice.
    await t.db.transaction().execute((trx) => told(trx).videoLicensable(videoId));
    expect(await matchesOf(requestId)).toHaveLength(1);
    expect(heard).toHaveLength(1);
    unsubscribe();
  });
});
