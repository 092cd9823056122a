import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser, createVideo, type TestUser } from '../../../tests/support/factories';
import { setUpTestApp } from '../../../tests/support/set-up-test-app';

/**
 * POST /api/videos/{id}/views (issue 35): the player's report that a preview played for 3 seconds. Counted
 * once per viewer per video per day, never for the owner, staff or a bot; the upkeep adds the marks to the
 * daily totals in batches; a visitor is known by a keyed hash of the day, address and browser only.
 */
const t = setUpTestApp();
let owner: TestUser;
let member: TestUser;
let staff: TestUser;
beforeAll(async () => {
  owner = await createUser(t, { verified: true });
  member = await createUser(t, { verified: true });
  staff = await createUser(t, { rights: ['manage_videos'] });
});

const BROWSER = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36';
const OTHER_BROWSER =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1';
const DAY_MS = 24 * 60 * 60 * 1000;

/** A view reported from `from`, with this browser, by `who` (a visitor when null). */
const view = (videoId: string, options: { who?: TestUser | null; from?: string; browser?: string } = {}) =>
  t.send('POST', `/api/videos/${videoId}/views`, {
    ...(options.who && { cookie: options.who.cookie }),
    from: options.from ?? '203.0.113.7',
    headers: { 'user-agent': options.browser ?? BROWSER },
  });

/** The upkeep's batch, then the video's totals per day. */
async function totals(videoId: string) {
  await t.app.services.videoViews.tally();
  return t.db
    .selectFrom('video_daily_stats')
    .select(['day', 'views'])
    .where('video_id', '=', videoId)
    .orderBy('day')
    .execute();
}
const viewsOf = async (videoId: string) => (await totals(videoId)).reduce((sum, day) => sum + day.views, 0);
/** Who has a view mark on the video, once this instance's batch is written. */
const marksOf = async (videoId: string) => {
  await t.app.services.videoViews.flush();
  const marks = await t.db
    .selectFrom('video_view_marks')
    .select('viewer')
    .where('video_id', '=', videoId)
    .execute();
  return marks.map((mark) => mark.viewer);
};

describe('POST /api/videos/{videoId}/views', () => {
  it('counts a visitor and a member once a day each, and again the next day', async () => {
    const video = await createVideo(t.db, owner.id, { status: 'ready' });
    for (let i = 0; i < 3; i++) expect((await view(video)).statusCode).toBe(204);
    expect(await viewsOf(video)).toBe(1);
    // Another browser at the same address is another viewer; a member is one viewer on any browser.
    await view(video, { browser: OTHER_BROWSER });
    await view(video, { who: member });
    await view(video, { who: member, browser: OTHER_BROWSER, from: '198.51.100.9' });
    expect(await viewsOf(video)).toBe(3);
    t.clock.advance(DAY_MS);
    await view(video);
    await view(video, { who: member });
    const days = await totals(video);
    expect(days.map((day) => day.views)).toEqual([3, 2]);
  });

  it('never counts the owner, staff or a bot, and answers them alike', async () => {
    const video = await createVideo(t.db, owner.id, { status: 'ready' });
    for (const answer of [
      await view(video, { who: owner }),
      await view(video, { who: staff }),
      await view(video, {
        browser: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      }),
      await view(video, { browser: 'curl/8.5.0' }),
    ])
      expect(answer.statusCode).toBe(204);
    expect(await viewsOf(video)).toBe(0);
  });

  it('keeps no address: a visitor is a keyed hash that changes with the day', async () => {
    const video = await createVideo(t.db, owner.id, { status: 'ready' });
    await view(video, { from: '192.0.2.44' });
    t.clock.advance(DAY_MS);
    await view(video, { from: '192.0.2.44' });
    const marks = await marksOf(video);
    expect(marks).toHaveLength(2);
    for (const viewer of marks) {
      expect(viewer).toMatch(/^v:[\w-]{32}$/);
      expect(viewer).not.toContain('192.0.2.44');
    }
    expect(marks[0]).not.toBe(marks[1]);
  });

  it('is not found for a video the caller may not see, and counts nothing', async () => {
    const hidden = await createVideo(t.db, owner.id, { status: 'not_verified' });
    expect((await view(hidden)).statusCode).toBe(404);
    expect((await view(hidden, { who: member })).statusCode).toBe(404);
    expect((await view(crypto.randomUUID())).statusCode).toBe(404);
    expect(await viewsOf(hidden)).toBe(0);
  });
});

describe('what a view costs', () => {
  it('waits in memory to be written with the others of its second, under a limit the instance keeps', async () => {
    const video = await createVideo(t.db, owner.id, { status: 'ready' });
    const marksOf = () =>
      t.db.selectFrom('video_view_marks').select('viewer').where('video_id', '=', video).execute();
    expect((await view(video, { from: '192.0.2.200' })).statusCode).toBe(204);
    expect(await marksOf()).toHaveLength(0);
    expect(await t.app.services.videoViews.flush()).toBe(1);
    expect(await marksOf()).toHaveLength(1);
    // A script from one address: 60 reports a minute, then refused; no shared counter row is written.
    for (let i = 1; i < 60; i++) expect((await view(video, { from: '192.0.2.200' })).statusCode).toBe(204);
    expect((await view(video, { from: '192.0.2.200' })).statusCode).toBe(429);
    const shared = await t.db
      .selectFrom('rate_limit_hits')
      .select('key')
      .where('key', 'like', '%/views %')
      .execute();
    expect(shared).toEqual([]);
  });
});

describe("a member's session, remembered for seconds by the counting routes only", () => {
  it('counts a member whose session ended moments ago as that member, while every other route refuses it', async () => {
    const [first, second] = [
      await createVideo(t.db, owner.id, { status: 'ready' }),
      await createVideo(t.db, owner.id, { status: 'ready' }),
    ];
    const viewer = await createUser(t, { verified: true });
    expect((await view(first, { who: viewer })).statusCode).toBe(204);
    // Signed out on another device: the session is gone from the database.
    await t.db.deleteFrom('sessions').where('user_id', '=', viewer.id).execute();
    expect((await view(second, { who: viewer })).statusCode).toBe(204);
    expect(await marksOf(second)).toEqual([`u:${viewer.id}`]);
    const dashboard = await t.send('GET', '/api/me/dashboard', { cookie: viewer.cookie });
    expect(dashboard.statusCode).toBe(401);
  });

  it("keeps the owner's own views uncounted when it remembers them, and remembers no unknown cookie", async () => {
    const [first, second] = [
      await createVideo(t.db, owner.id, { status: 'ready' }),
      await createVideo(t.db, owner.id, { status: 'ready' }),
    ];
    await view(first, { who: owner });
    await view(second, { who: owner });
    expect([...(await marksOf(first)), ...(await marksOf(second))]).toEqual([]);
    // A cookie no session has is a visitor's, at every report.
    const forged = { cookie: 'better-auth.session_token=forged.signature', id: owner.id } as TestUser;
    for (const from of ['192.0.2.230', '192.0.2.231']) await view(first, { who: forged, from });
    const marks = await marksOf(first);
    expect(marks).toHaveLength(2);
    for (const viewer of marks) expect(viewer).toMatch(/^v:/);
  });
});

describe('the batch of a second', () => {
  it('is waited for by the upkeep: a tally started while the timer writes counts what it writes', async () => {
    const video = await createVideo(t.db, owner.id, { status: 'ready' });
    await t.app.services.videoViews.tally(); // what earlier tests left
    await view(video, { from: '192.0.2.210' });
    const timersBatch = t.app.services.videoViews.flush();
    const { counted } = await t.app.services.videoViews.tally();
    expect(await timersBatch).toBe(1);
    expect(counted).toBe(1);
  });
});

describe('who may report a view', () => {
  it('is known again as soon as the video changes: a video just turned down is not found', async () => {
    const video = await createVideo(t.db, owner.id, { status: 'ready' });
    expect((await view(video)).statusCode).toBe(204);
    await t.db.updateTable('videos').set({ status: 'declined' }).where('id', '=', video).execute();
    // The write's notice reaches every instance a moment after the commit, well within the few seconds
    // an instance would otherwise remember the video.
    await vi.waitFor(async () => expect((await view(video, { from: '192.0.2.201' })).statusCode).toBe(404), {
      timeout: 2_000,
    });
  });
});

describe('the upkeep of views', () => {
  it('adds each mark once, also when two instances run it at once, and forgets marks after a month', async () => {
    const video = await createVideo(t.db, owner.id, { status: 'ready' });
    await t.app.services.videoViews.tally();
    for (let i = 0; i < 12; i++) await view(video, { from: `192.0.2.${100 + i}` });
    const [first, second] = await Promise.all([
      t.app.services.videoViews.tally(),
      t.app.services.videoViews.tally(),
    ]);
    expect((first?.counted ?? 0) + (second?.counted ?? 0)).toBe(12);
    expect(await viewsOf(video)).toBe(12);
    t.clock.advance(31 * DAY_MS);
    const { forgotten } = await t.app.services.videoViews.tally();
    expect(forgotten).toBeGreaterThanOrEqual(12);
    expect(
      await t.db.selectFrom('video_view_marks').select('viewer').where('video_id', '=', video).execute(),
    ).toEqual([]);
    expect(await viewsOf(video)).toBe(12);
  });
});
