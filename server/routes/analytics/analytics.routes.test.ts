import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CreatorAnalytics } from '../../../common/contracts/analytics';
import { expectLedgerHolds } from '../../../tests/support/earnings';
import { createUser, createVideo, type TestUser } from '../../../tests/support/factories';
import { licensableVideo, paidSale } from '../../../tests/support/license-payments';
import { BILLING_SNAPSHOT } from '../../../tests/support/licensing-factories';
import { setUpTestApp } from '../../../tests/support/set-up-test-app';
import { licenseRefundValues } from '../../../tests/support/valid-bodies';

/**
 * A creator's analytics (issue 35): views, opens, appearances, requests, sales, refunds and earnings of
 * their videos over a period, per day or month, the top videos, the searches that led to them and the
 * buyers' countries, where a country of one sale is folded into "other". Only the owner reads them.
 */
const t = setUpTestApp();
let creator: TestUser;
let manager: TestUser;
let buyers: TestUser[];
beforeAll(async () => {
  creator = await createUser(t, { verified: true });
  manager = await createUser(t, { verified: true, rights: ['manage_licenses'] });
  buyers = await Promise.all([1, 2, 3].map(() => createUser(t, { verified: true })));
});
afterEach(() => expectLedgerHolds(t));

const DAY_MS = 24 * 60 * 60 * 1000;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36';
const report = async (path: string, who: TestUser = creator) => {
  const answer = await t.send('GET', path, { cookie: who.cookie });
  return { status: answer.statusCode, body: answer.json() as CreatorAnalytics };
};
const visitor = (n: number) => ({ from: `198.51.100.${n}`, headers: { 'user-agent': BROWSER } });
const euros = (analytics: { earnings: { currency: string; cents: number }[] }) =>
  analytics.earnings.find((amount) => amount.currency === 'EUR')?.cents ?? 0;

/** The creator's video: two visitors play it, one opens it from a search, one search shows it; three sales, one refunded. */
async function soldVideo() {
  const video = await licensableVideo(t, creator.id, 'Harbour storm at night');
  await t.send('POST', `/api/videos/${video}/views`, visitor(1));
  await t.send('POST', `/api/videos/${video}/views`, visitor(2));
  await t.send('POST', `/api/videos/${video}/opens`, {
    ...visitor(1),
    payload: { searchWords: 'Storm harbour' },
  });
  await t.send('POST', '/api/videos/search/appearances', { ...visitor(1), payload: { videoIds: [video] } });
  const sales = [
    await paidSale(t, buyers[0]!, video),
    await paidSale(t, buyers[1]!, video),
    await paidSale(t, buyers[2]!, video, { billing: { ...BILLING_SNAPSHOT, country: 'GR' } }),
  ];
  const refunded = await t.send('POST', `/api/license-requests/${sales[0]}/refund`, {
    cookie: manager.cookie,
    payload: licenseRefundValues,
  });
  expect(refunded.statusCode).toBe(200);
  await t.app.services.videoViews.tally();
  await t.app.services.searchAppearances.flush();
  return video;
}

describe('GET /api/me/analytics', () => {
  it('adds up every measure over the period, per day, with the top videos, searches and folded countries', async () => {
    const video = await soldVideo();
    const quiet = await createVideo(t.db, creator.id, { status: 'ready', title: 'A quiet street' });
    const { status, body } = await report('/api/me/analytics?period=30d');
    expect(status).toBe(200);
    expect(body.bucket).toBe('day');
    expect(body.series).toHaveLength(30);
    // 3 sales at 49.00, the creator's half of each (24.50), one given back: 49.00.
    const expected = { views: 2, opens: 1, appearances: 1, requests: 3, sales: 3, refunds: 1 };
    expect(body.totals).toEqual({ ...expected, earnings: [{ currency: 'EUR', cents: 4_900 }] });
    const today = body.series.at(-1)!;
    expect(today.start).toBe(t.clock.now().toISOString().slice(0, 10));
    expect(today).toMatchObject(expected);
    expect(euros(today)).toBe(4_900);
    expect(body.series.slice(0, -1).every((point) => point.views === 0 && point.earnings.length === 0)).toBe(
      true,
    );
    expect(body.topVideos.map((top) => top.id)).toEqual([video]);
    expect(body.topVideos[0]).toMatchObject({ title: 'Harbour storm at night', sales: 3, views: 2 });
    expect(body.topVideos.some((top) => top.id === quiet)).toBe(false);
    expect(body.searchWords).toEqual([{ words: 'storm harbour', opens: 1 }]);
    // Two buyers from Cyprus are a number; the one from Greece alone would point at a buyer.
    expect(body.countries).toEqual([
      { country: 'CY', sales: 2 },
      { country: 'other', sales: 1 },
    ]);
    const { body: ofVideo } = await report(`/api/me/analytics/videos/${video}?period=7d`);
    expect(ofVideo.series).toHaveLength(7);
    expect(ofVideo.totals).toEqual(body.totals);
    expect(ofVideo.topVideos).toEqual([]);
    const { body: ofQuiet } = await report(`/api/me/analytics/videos/${quiet}?period=7d`);
    expect(ofQuiet.totals).toMatchObject({ views: 0, sales: 0, earnings: [] });
  });

  it('counts by month over 12 months, and leaves out what happened before a period', async () => {
    const later = await createUser(t, { verified: true });
    const video = await licensableVideo(t, later.id);
    await paidSale(t, buyers[0]!, video);
    t.clock.advance(40 * DAY_MS);
    const { body: month } = await report('/api/me/analytics?period=30d', later);
    expect(month.totals).toMatchObject({ sales: 0, requests: 0, earnings: [] });
    const { body: year } = await report('/api/me/analytics?period=12m', later);
    expect(year.bucket).toBe('month');
    expect(year.series).toHaveLength(12);
    expect(year.series.every((point) => point.start.endsWith('-01'))).toBe(true);
    expect(year.totals).toMatchObject({
      sales: 1,
      requests: 1,
      earnings: [{ currency: 'EUR', cents: 2_450 }],
    });
    const { body: all } = await report('/api/me/analytics?period=all', later);
    expect(all.totals.sales).toBe(1);
    expect(all.series.reduce((sum, point) => sum + point.sales, 0)).toBe(1);
  });

  it('shows a view and its search at once, before the upkeep adds them to the totals, and still once after', async () => {
    const owner = await createUser(t, { verified: true });
    const video = await createVideo(t.db, owner.id, { status: 'ready' });
    await t.send('POST', `/api/videos/${video}/views`, visitor(40));
    await t.send('POST', `/api/videos/${video}/opens`, { ...visitor(40), payload: { searchWords: 'Night' } });
    await t.app.services.videoViews.flush(); // as each instance does every second
    const before = await report(`/api/me/analytics/videos/${video}?period=7d`, owner);
    expect(before.body.totals).toMatchObject({ views: 1, opens: 1 });
    expect(before.body.searchWords).toEqual([{ words: 'night', opens: 1 }]);
    await t.app.services.videoViews.tally();
    const after = await report(`/api/me/analytics/videos/${video}?period=7d`, owner);
    expect(after.body.totals).toMatchObject({ views: 1, opens: 1 });
    expect(after.body.searchWords).toEqual([{ words: 'night', opens: 1 }]);
  });

  it('shows nothing of another member: their video is not found, and a new member has nothing', async () => {
    const video = await licensableVideo(t, creator.id);
    const other = await createUser(t, { verified: true });
    expect((await report(`/api/me/analytics/videos/${video}`, other)).status).toBe(404);
    expect((await report(`/api/me/analytics/videos/${crypto.randomUUID()}`)).status).toBe(404);
    const { body } = await report('/api/me/analytics?period=all', other);
    expect(body.totals).toEqual({
      views: 0,
      opens: 0,
      appearances: 0,
      requests: 0,
      sales: 0,
      refunds: 0,
      earnings: [],
    });
    expect(body.topVideos).toEqual([]);
    expect(body.countries).toEqual([]);
    expect((await t.send('GET', '/api/me/analytics')).statusCode).toBe(401);
  });
});
