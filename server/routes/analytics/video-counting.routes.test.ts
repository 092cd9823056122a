import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, createVideo, type TestUser } from '../../../tests/support/factories';
import { setUpTestApp } from '../../../tests/support/set-up-test-app';

/**
 * Opens of a video's page and appearances in search results (issue 35): an open counts once per viewer per
 * video per day and keeps the search's words; an appearance is each page of results a person was shown.
 * Neither counts for the owner, staff or a bot.
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
const BOT = 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)';

const counting = (url: string, payload: object, who: TestUser | null = null, browser = BROWSER) =>
  t.send('POST', url, {
    ...(who && { cookie: who.cookie }),
    from: '203.0.113.20',
    headers: { 'user-agent': browser },
    payload,
  });
const open = (videoId: string, who: TestUser | null = null, searchWords?: string, browser?: string) =>
  counting(`/api/videos/${videoId}/opens`, searchWords === undefined ? {} : { searchWords }, who, browser);
const shown = (videoIds: string[], who: TestUser | null = null, browser?: string) =>
  counting('/api/videos/search/appearances', { videoIds }, who, browser);

async function totalsOf(videoId: string) {
  await t.app.services.videoViews.tally();
  await t.app.services.searchAppearances.flush();
  const days = await t.db
    .selectFrom('video_daily_stats')
    .select(['views', 'opens', 'appearances'])
    .where('video_id', '=', videoId)
    .execute();
  return days.reduce(
    (sum, day) => ({
      views: sum.views + day.views,
      opens: sum.opens + day.opens,
      appearances: sum.appearances + day.appearances,
    }),
    { views: 0, opens: 0, appearances: 0 },
  );
}

describe('POST /api/videos/{videoId}/opens', () => {
  it('counts a viewer once a day with the search that led there, never the owner, staff or a bot', async () => {
    const video = await createVideo(t.db, owner.id, { status: 'ready' });
    for (let i = 0; i < 3; i++) expect((await open(video, null, '  Harbour   DAWN ')).statusCode).toBe(204);
    await open(video, member);
    for (const answer of [
      await open(video, owner),
      await open(video, staff),
      await open(video, null, 'x', BOT),
    ])
      expect(answer.statusCode).toBe(204);
    expect(await totalsOf(video)).toEqual({ views: 0, opens: 2, appearances: 0 });
    const words = await t.db
      .selectFrom('video_search_words')
      .select(['words', 'opens'])
      .where('video_id', '=', video)
      .execute();
    expect(words).toEqual([{ words: 'harbour dawn', opens: 1 }]);
  });

  it('is "not found" for a video the caller may not see, and refuses a search longer than 200', async () => {
    const hidden = await createVideo(t.db, owner.id, { status: 'not_verified' });
    expect((await open(hidden, member)).statusCode).toBe(404);
    const video = await createVideo(t.db, owner.id, { status: 'ready' });
    expect((await open(video, null, 'a'.repeat(201))).statusCode).toBe(400);
  });
});

describe('POST /api/videos/search/appearances', () => {
  it('counts each page a person was shown, not a bot, staff or the owner of their own videos', async () => {
    const mine = await createVideo(t.db, owner.id, { status: 'ready' });
    const theirs = await createVideo(t.db, member.id, { status: 'ready' });
    await shown([mine, theirs]);
    await shown([mine, theirs, theirs]);
    await shown([mine, theirs], owner);
    await shown([mine, theirs], staff);
    await shown([mine, theirs], null, BOT);
    expect((await totalsOf(mine)).appearances).toBe(2);
    expect((await totalsOf(theirs)).appearances).toBe(3);
  });

  it('adds nothing for a video that is not there, and refuses a list that is not one of ids', async () => {
    const video = await createVideo(t.db, owner.id, { status: 'ready' });
    expect((await shown([video, crypto.randomUUID()])).statusCode).toBe(204);
    expect((await totalsOf(video)).appearances).toBe(1);
    expect((await shown(['not-an-id'])).statusCode).toBe(400);
    expect((await shown([])).statusCode).toBe(400);
  });
});
