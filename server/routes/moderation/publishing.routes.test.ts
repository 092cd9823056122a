import { fromKysely, type PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatusHistory } from '../../../common/contracts/moderation';
import { createUser, createVideo, type TestUser } from '../../../tests/support/factories';
import { requestAs } from '../../../tests/support/requests';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { createTestDatabase } from '../../../tests/support/test-database';
import { startYouTubeStandIn, type YouTubeStandIn } from '../../../tests/support/youtube-stand-in';
import { youtubeHttpChannel } from '../../adapters/youtube/youtube-http';
import { createQueue, ensureQueues } from '../../jobs/queue';
import { publishVideo, YOUTUBE_PUBLISHING_QUEUE } from '../../jobs/youtube-publishing.job';

/** Approval with publishing on (issue 21): the job is queued in the approving transaction, on pg-boss. */
let t: TestApp;
let queue: PgBoss;
let standIn: YouTubeStandIn;
let send: ReturnType<typeof requestAs>;
let owner: TestUser;
let stranger: TestUser;
let moderator: TestUser;
beforeAll(async () => {
  standIn = await startYouTubeStandIn();
  const database = await createTestDatabase();
  queue = createQueue(database);
  await queue.start();
  await ensureQueues(queue, [YOUTUBE_PUBLISHING_QUEUE]);
  t = await createTestApp(standIn.env, {
    database,
    enqueuePublishing: async (trx, videoId) => {
      await queue.send(YOUTUBE_PUBLISHING_QUEUE, { videoId }, { db: fromKysely(trx), retryLimit: 2 });
    },
  });
  send = requestAs(t);
  owner = await createUser(t, { verified: true });
  stranger = await createUser(t, { verified: true });
  moderator = await createUser(t, { rights: ['manage_videos'] });
});
afterAll(async () => {
  await queue.stop({ graceful: false, close: false });
  await t.close();
  await t.database.close();
  await standIn.close();
});

/** The publishing jobs pg-boss holds for a video (raw SQL through the pool: tests use no Kysely here). */
const jobsFor = async (videoId: string) =>
  (
    await t.database.pool.query<{ data: { videoId: string } }>(
      'select data from pgboss.job where name = $1',
      [YOUTUBE_PUBLISHING_QUEUE],
    )
  ).rows.filter((row) => row.data.videoId === videoId);
const statusOf = async (id: string) =>
  (await t.db.selectFrom('videos').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const historyOf = async (id: string) =>
  ((await send('GET', `/api/videos/${id}/history`, moderator)).json() as StatusHistory).items.map((item) => [
    item.from,
    item.to,
    item.reason,
    item.changedBy?.id ?? null,
  ]);

describe('approving with publishing on', () => {
  it('leaves the video approved ("Processing") and queues one publishing job; the job makes it ready', async () => {
    const id = await createVideo(t.db, owner.id, { status: 'not_verified', path: 'videos/x.mp4' });
    await t.storage.put(`videos/x.mp4`, Buffer.from('not really a video, but bytes'), 'video/mp4');
    const response = await send('POST', `/api/videos/${id}/status`, moderator, { to: 'approved' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'approved',
      change: { from: 'not_verified', to: 'approved' },
    });
    expect(await statusOf(id)).toBe('approved');
    expect(await jobsFor(id)).toHaveLength(1);

    // The queued job, worked: the video is on the stand-in's channel and ready.
    const channel = youtubeHttpChannel(t.config.youtube!);
    expect(
      await publishVideo({ videoId: id }, { final: false }, { db: t.db, storage: t.storage, channel }),
    ).toBe('published');
    expect(await statusOf(id)).toBe('ready');
    expect(await historyOf(id)).toEqual([
      ['not_verified', 'approved', null, moderator.id],
      ['approved', 'yt_uploaded', null, null],
      ['yt_uploaded', 'ready', null, null],
    ]);
    // The video page now carries the YouTube id, which the player embeds.
    expect((await send('GET', `/api/videos/${id}`, null)).json()).toMatchObject({
      youtubeId: standIn.uploads.at(-1)?.youtubeId,
    });
  });

  it('queues nothing when the approval is rolled back', async () => {
    const id = await createVideo(t.db, owner.id, { status: 'not_verified' });
    // Make the approving transaction fail after the job was sent: writing the history row raises.
    await t.database.pool.query(`
        create or replace function refuse_history() returns trigger language plpgsql as $$
        begin
          if new.video_id = '${id}' then raise exception 'history refused'; end if;
          return new;
        end $$;
        create trigger refuse_history before insert on video_status_changes
          for each row execute function refuse_history();
      `);
    try {
      const response = await send('POST', `/api/videos/${id}/status`, moderator, { to: 'approved' });
      expect(response.statusCode).toBe(500);
    } finally {
      await t.database.pool.query('drop trigger refuse_history on video_status_changes');
    }
    expect(await statusOf(id)).toBe('not_verified');
    expect(await jobsFor(id)).toEqual([]);
  });

  it('offers staff both approving and marking ready in the review queue', async () => {
    const id = await createVideo(t.db, owner.id, { status: 'not_verified' });
    const queueAnswer = (await send('GET', '/api/review/videos?limit=24', moderator)).json() as {
      items: { id: string; nextStatuses: string[] }[];
    };
    expect(queueAnswer.items.find((item) => item.id === id)?.nextStatuses).toEqual([
      'approved',
      'declined',
      'ready',
      'archived',
    ]);
  });
});

describe('POST /api/videos/:id/publishing/retry', () => {
  it('lets staff publish a video again after a final failure: approved, recorded as theirs, one job queued', async () => {
    const id = await createVideo(t.db, owner.id, { status: 'yt_upload_error' });
    const response = await send('POST', `/api/videos/${id}/publishing/retry`, moderator);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'approved',
      change: { from: 'yt_upload_error', to: 'approved', changedBy: { id: moderator.id } },
    });
    expect(await statusOf(id)).toBe('approved');
    expect(await jobsFor(id)).toHaveLength(1);
  });

  it('refuses anonymous (401), the owner and other members (403), changing nothing', async () => {
    const id = await createVideo(t.db, owner.id, { status: 'yt_upload_error' });
    expect((await send('POST', `/api/videos/${id}/publishing/retry`, null)).statusCode).toBe(401);
    expect((await send('POST', `/api/videos/${id}/publishing/retry`, owner)).statusCode).toBe(403);
    expect((await send('POST', `/api/videos/${id}/publishing/retry`, stranger)).statusCode).toBe(403);
    expect(await statusOf(id)).toBe('yt_upload_error');
    expect(await jobsFor(id)).toEqual([]);
  });

  it('refuses a video whose publishing did not fail (409), and an unknown video (404)', async () => {
    for (const status of ['ready', 'approved', 'yt_upload_retry', 'not_verified']) {
      const id = await createVideo(t.db, owner.id, { status });
      const response = await send('POST', `/api/videos/${id}/publishing/retry`, moderator);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'STATUS_CHANGE_NOT_ALLOWED' });
      expect(await jobsFor(id)).toEqual([]);
    }
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await send('POST', `/api/videos/${unknown}/publishing/retry`, moderator)).statusCode).toBe(404);
  });
});

describe('with publishing off', () => {
  it('answers 409 PUBLISHING_OFF to a retry', async () => {
    const off = await createTestApp();
    try {
      const staff = await createUser(off, { rights: ['admin'] });
      const member = await createUser(off, { verified: true });
      const id = await createVideo(off.db, member.id, { status: 'yt_upload_error' });
      const response = await requestAs(off)('POST', `/api/videos/${id}/publishing/retry`, staff);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'PUBLISHING_OFF' });
    } finally {
      await off.close();
    }
  });
});
