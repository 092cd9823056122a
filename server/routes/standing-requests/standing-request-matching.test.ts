import { beforeAll, describe, expect, it } from 'vitest';
import type { StandingRequest, StandingRequestMatches } from '../../../common/contracts/standing-requests';
import { createUser, createVideo, type TestUser } from '../../../tests/support/factories';
import { analyzeVideos } from '../../../tests/support/keyword-summary';
import { mailsTo } from '../../../tests/support/requests';
import { setUpTestApp } from '../../../tests/support/set-up-test-app';
import type { UserEvent } from '../../adapters/events/event-bus';

/**
 * A standing request is told of a video when staff make it licensable (publishing off: approved is
 * ready at once), through the approving transaction: the match, the live notice and the e-mail.
 */
const t = setUpTestApp();
let buyer: TestUser;
let creator: TestUser;
let staff: TestUser;
beforeAll(async () => {
  buyer = await createUser(t, { name: 'Newsroom', language: 'el' });
  creator = await createUser(t, { name: 'Creator' });
  staff = await createUser(t, { rights: ['manage_videos'] });
});

const LIMASSOL = { lat: 34.6706, lng: 33.0426 };
const NICOSIA = { lat: 35.1856, lng: 33.3823 }; // 65 km from Limassol

let saved = 0;
/** A standing request of `who` for `search` (the search page's fields), told at once. */
async function standing(search: object, who: TestUser = buyer, extra: object = {}): Promise<StandingRequest> {
  const response = await t.send('POST', '/api/me/standing-requests', {
    cookie: who.cookie,
    payload: { name: `Request ${++saved}`, search, ...extra },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as StandingRequest;
}

/** A video of `owner` waiting for review, filmed at `at` on `date`. */
const unreviewed = (
  title: string,
  options: { keywords?: string[]; at?: { lat: number; lng: number }; date?: string; privacy?: string } = {},
  owner: TestUser = creator,
) =>
  createVideo(t.db, owner.id, {
    title,
    status: 'not_verified',
    keywords: options.keywords ?? [],
    date: options.date ?? null,
    location: options.at
      ? JSON.stringify({ address: `${title} street`, coordinates: options.at, zoom: 13 })
      : null,
    ...(options.privacy && { privacy: options.privacy }),
  });

async function decide(videoId: string, to: string, reason = '') {
  const response = await t.send('POST', `/api/videos/${videoId}/status`, {
    cookie: staff.cookie,
    payload: { to, reason },
  });
  expect(response.statusCode, response.body).toBe(200);
}

const matchedVideos = async (request: StandingRequest) =>
  (
    await t.db
      .selectFrom('standing_request_matches')
      .select('video_id')
      .where('standing_request_id', '=', request.id)
      .execute()
  ).map((row) => row.video_id);

describe('matching a video that staff make licensable', () => {
  it('matches by keyword, by words, by place and radius and by days, and not otherwise', async () => {
    const byKeyword = await standing({ keywords: 'wildfire' });
    const byWords = await standing({ q: 'burning forest' });
    const byPlace = await standing({ lat: LIMASSOL.lat, lng: LIMASSOL.lng, radiusKm: 20 });
    const byDays = await standing({ shotFrom: '2026-08-01', shotTo: '2026-08-31' });
    const everything = await standing({
      keywords: 'wildfire',
      lat: LIMASSOL.lat,
      lng: LIMASSOL.lng,
      radiusKm: 20,
      shotFrom: '2026-08-01',
    });
    const fire = await unreviewed('Burning forest above the town', {
      keywords: ['wildfire'],
      at: LIMASSOL,
      date: '2026-08-12',
    });
    const elsewhere = await unreviewed('Calm morning', { at: NICOSIA, date: '2026-07-01' });
    // One of the two words is not enough, whichever word the request is looked up by.
    const forestOnly = await unreviewed('A quiet forest at noon');
    const burningOnly = await unreviewed('Burning candles');
    for (const video of [fire, elsewhere, forestOnly, burningOnly]) await decide(video, 'approved');
    expect(await matchedVideos(byKeyword)).toEqual([fire]);
    expect(await matchedVideos(byWords)).toEqual([fire]);
    expect(await matchedVideos(byPlace)).toEqual([fire]);
    expect(await matchedVideos(byDays)).toEqual([fire]);
    expect(await matchedVideos(everything)).toEqual([fire]);
    const outOfRange = await standing({ lat: LIMASSOL.lat, lng: LIMASSOL.lng, radiusKm: 60 });
    const later = await unreviewed('Walls at dusk', { at: NICOSIA });
    await decide(later, 'approved');
    expect(await matchedVideos(outOfRange)).toEqual([]);
  });

  it('finds a request with several keywords by the one fewest videos have; a match needs them all', async () => {
    await t.db
      .insertInto('keyword_summary')
      .values([
        { keyword: 'harbour', label: 'harbour', count: 500 },
        { keyword: 'ferry', label: 'ferry', count: 3 },
      ])
      .onConflict((oc) => oc.column('keyword').doUpdateSet((eb) => ({ count: eb.ref('excluded.count') })))
      .execute();
    const request = await standing({ keywords: 'harbour,ferry' });
    const stored = await t.db
      .selectFrom('standing_requests')
      .select('anchor_keyword')
      .where('id', '=', request.id)
      .executeTakeFirstOrThrow();
    expect(stored.anchor_keyword).toBe('ferry');
    const harbourOnly = await unreviewed('Boats at dawn', { keywords: ['harbour'] });
    const ferryOnly = await unreviewed('Leaving at noon', { keywords: ['ferry'] });
    const both = await unreviewed('Arrival at dusk', { keywords: ['Harbour', 'ferry'] });
    for (const video of [harbourOnly, ferryOnly, both]) await decide(video, 'approved');
    expect(await matchedVideos(request)).toEqual([both]);
  });

  it('finds a request with several words by the one fewest videos hold, as the text statistics say', async () => {
    for (let i = 0; i < 8; i++) await unreviewed(`Harbour scene ${i}`);
    await unreviewed('Pier at night');
    await analyzeVideos(t.db);
    // The longer word is the common one here: the statistics, not the length, choose.
    const request = await standing({ q: 'harbour pier' });
    const stored = await t.db
      .selectFrom('standing_requests')
      .select('lexemes')
      .where('id', '=', request.id)
      .executeTakeFirstOrThrow();
    expect(stored.lexemes).toEqual(['pier']);
    const both = await unreviewed('The harbour pier');
    const harbourOnly = await unreviewed('Harbour walls');
    for (const video of [both, harbourOnly]) await decide(video, 'approved');
    expect(await matchedVideos(request)).toEqual([both]);
  });

  it('does not match a private, unlisted or declined video, nor one that is only approved', async () => {
    const request = await standing({ keywords: 'hidden-event' });
    const privateOne = await unreviewed('Private', { keywords: ['hidden-event'], privacy: 'private' });
    const unlisted = await unreviewed('Unlisted', { keywords: ['hidden-event'], privacy: 'unlisted' });
    const declined = await unreviewed('Declined', { keywords: ['hidden-event'] });
    await decide(privateOne, 'approved');
    await decide(unlisted, 'approved');
    await decide(declined, 'declined', 'Not your footage');
    // Approved and still being published (YouTube on): not licensable yet, so nobody is told.
    const publishing = await createVideo(t.db, creator.id, {
      keywords: ['hidden-event'],
      status: 'approved',
    });
    await t.app.services.standingRequests.mailDue();
    expect(await matchedVideos(request)).toEqual([]);
    expect(publishing).toBeTruthy();
  });

  it('never tells a paused request, nor a creator of their own video, nor twice of one video', async () => {
    const paused = await standing({ keywords: 'quiet' });
    await t.send('PATCH', `/api/me/standing-requests/${paused.id}`, {
      cookie: buyer.cookie,
      payload: { paused: true },
    });
    const own = await standing({ keywords: 'quiet' }, creator);
    const active = await standing({ keywords: 'quiet' });
    const video = await unreviewed('Quiet street', { keywords: ['quiet'] });
    await decide(video, 'approved');
    await decide(video, 'archived', 'Old');
    await decide(video, 'approved');
    expect(await matchedVideos(paused)).toEqual([]);
    expect(await matchedVideos(own)).toEqual([]);
    expect(await matchedVideos(active)).toEqual([video]);
  });
});

describe('matching a licensable video its owner edits', () => {
  it('tells of a private video made public, and of one given the keyword a buyer waits for', async () => {
    const request = await standing({ keywords: 'harbour-lights' });
    const hidden = await createVideo(t.db, creator.id, {
      keywords: ['harbour-lights'],
      status: 'ready',
      privacy: 'private',
    });
    const plain = await createVideo(t.db, creator.id, { keywords: ['sea'], status: 'ready' });
    const edit = (keywords: string) => ({
      title: 'Harbour at night',
      description: 'Lights on the water.',
      keywords,
      date: '2026-06-01',
      time: '21:15',
      location: { address: 'Limassol old port', coordinates: LIMASSOL, zoom: 14 },
      categoryId: 19,
      privacy: 'public',
      externalUrl: '',
    });
    for (const [id, keywords] of [
      [hidden, 'harbour-lights'],
      [plain, 'sea, harbour-lights'],
    ] as const) {
      const response = await t.send('PUT', `/api/videos/${id}`, {
        cookie: creator.cookie,
        payload: edit(keywords),
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    expect((await matchedVideos(request)).sort()).toEqual([hidden, plain].sort());
  });
});

describe("telling a standing request's owner", () => {
  it('tells the open pages at once and e-mails in their language, with the clip and a one-click unsubscribe', async () => {
    const reader = await createUser(t, { language: 'el' });
    const request = await standing({ keywords: 'earthquake' }, reader);
    const heard: UserEvent[] = [];
    const stop = t.events.subscribe(reader.id, (event) => heard.push(event));
    const video = await unreviewed('Shaking shelves', {
      keywords: ['earthquake'],
      at: LIMASSOL,
      date: '2026-09-03',
    });
    await decide(video, 'approved');
    await expect.poll(() => heard.length).toBeGreaterThan(0);
    stop();
    expect(heard).toContainEqual(
      expect.objectContaining({
        type: 'standing-request-match',
        standingRequestId: request.id,
        name: request.name,
        videoId: video,
        title: 'Shaking shelves',
      }),
    );
    const [mail, ...more] = await mailsTo(t, reader.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(`Νέο υλικό για «${request.name}»`);
    expect(mail?.text).toContain('Shaking shelves');
    expect(mail?.text).toContain('3 Σεπτεμβρίου 2026 · Shaking shelves street');
    expect(mail?.text).toContain(`${t.config.publicUrl}/videos/${video}`);
    const headers = Object.fromEntries((mail?.headers ?? []).map((h) => [h.key, h.value]));
    expect(headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const oneClick = /^<(.+)>$/.exec(headers['list-unsubscribe'] ?? '')?.[1] ?? '';
    expect(oneClick).toMatch(`/api/standing-requests/${request.id}/unsubscribe?token=`);
    // The link works without signing in, and the request is then paused.
    const url = new URL(oneClick);
    const unsubscribe = await t.app.inject({ method: 'POST', url: `${url.pathname}${url.search}` });
    expect(unsubscribe.statusCode, unsubscribe.body).toBe(200);
    const matches = await t.send('GET', `/api/me/standing-requests/${request.id}/matches`, {
      cookie: reader.cookie,
    });
    expect((matches.json() as StandingRequestMatches).items.map((item) => item.video.id)).toEqual([video]);
    const [row] = await t.db
      .selectFrom('standing_requests')
      .select('paused')
      .where('id', '=', request.id)
      .execute();
    expect(row?.paused).toBe(true);
  });

  it('sends at most one e-mail an hour per request: later matches fold into the next, which the upkeep sends', async () => {
    const watcher = await createUser(t, { language: 'en' });
    const request = await standing({ keywords: 'parade' }, watcher);
    const first = await unreviewed('Parade starts', { keywords: ['parade'] });
    await decide(first, 'approved');
    expect((await mailsTo(t, watcher.email)).map((mail) => mail.subject)).toEqual([
      `New footage for “${request.name}”`,
    ]);
    const second = await unreviewed('Parade float', { keywords: ['parade'] });
    const third = await unreviewed('Parade ends', { keywords: ['parade'] });
    await decide(second, 'approved');
    await decide(third, 'approved');
    await t.app.services.standingRequests.mailDue();
    expect(await mailsTo(t, watcher.email)).toHaveLength(1);
    expect(await matchedVideos(request)).toHaveLength(3);
    t.clock.advance(61 * 60 * 1000);
    await t.app.services.standingRequests.mailDue();
    const mails = await mailsTo(t, watcher.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `New footage for “${request.name}”`,
      `2 new videos for “${request.name}”`,
    ]);
    expect(mails[1]?.text).toContain('Parade float');
    expect(mails[1]?.text).toContain('Parade ends');
    // Nothing left to tell.
    t.clock.advance(61 * 60 * 1000);
    expect(await t.app.services.standingRequests.mailDue()).toBe(0);
  });
});
