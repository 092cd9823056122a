import { beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../../common/constants';
import type {
  DemandPage,
  StandingRequest,
  StandingRequestList,
} from '../../../common/contracts/standing-requests';
import { createUser, createVideo, type TestUser } from '../../../tests/support/factories';
import { setUpTestApp } from '../../../tests/support/set-up-test-app';
import { TEST_SECRET } from '../../../tests/support/test-app';
import { unsubscribeToken } from '../../services/standing-requests/unsubscribe-token';

const t = setUpTestApp();
let buyer: TestUser;
let other: TestUser;
beforeAll(async () => {
  buyer = await createUser(t, { name: 'Newsroom' });
  other = await createUser(t);
});

const send = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  who: TestUser | null,
  payload?: object,
) => t.send(method, url, { ...(who && { cookie: who.cookie }), ...(payload && { payload }) });

const storms = {
  name: 'Storms in Cyprus',
  search: { keywords: 'storm, flood', q: 'harbour', lat: 34.67, lng: 33.04, radiusKm: 50 },
};
const create = async (who: TestUser, body: object = storms) => {
  const response = await send('POST', '/api/me/standing-requests', who, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as StandingRequest;
};

describe('POST /api/me/standing-requests', () => {
  it('saves a search with its name, how to be told and the optional offer, and lists it', async () => {
    const created = await create(buyer, {
      ...storms,
      frequency: 'daily',
      search: { ...storms.search, shotFrom: '2026-01-01', shotTo: '2026-12-31' },
      placeName: 'Limassol',
      maxPriceCents: 25_000,
    });
    expect(created).toMatchObject({
      name: 'Storms in Cyprus',
      frequency: 'daily',
      paused: false,
      search: {
        keywords: ['storm', 'flood'],
        q: 'harbour',
        near: { lat: 34.67, lng: 33.04, radiusKm: 50, place: 'Limassol' },
        shotFrom: '2026-01-01',
        shotTo: '2026-12-31',
      },
      licenseTypeId: null,
      maxPrice: { cents: 25_000, currency: 'EUR' },
      matchCount: 0,
      lastMatchedAt: null,
    });
    const list = (await send('GET', '/api/me/standing-requests', buyer)).json() as StandingRequestList;
    expect(list.items.map((item) => item.id)).toContain(created.id);
    // Nobody else sees it.
    const theirs = (await send('GET', '/api/me/standing-requests', other)).json() as StandingRequestList;
    expect(theirs.items.map((item) => item.id)).not.toContain(created.id);
  });

  it('takes a license type the buyer may choose and refuses one that is not offered, in words', async () => {
    const type = await t.db
      .selectFrom('license_types')
      .select('id')
      .where('active', '=', true)
      .executeTakeFirstOrThrow();
    expect((await create(buyer, { ...storms, licenseTypeId: type.id })).licenseTypeId).toBe(type.id);
    const refused = await send('POST', '/api/me/standing-requests', buyer, {
      ...storms,
      licenseTypeId: 'nope',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      fields: [{ field: 'licenseTypeId', message: 'standingRequests.errors.unknownLicenseType' }],
    });
  });

  it.each([
    ['no name', { ...storms, name: '  ' }, 'name', 'standingRequests.errors.nameRequired'],
    ['nothing to look for', { ...storms, search: {} }, 'search.keywords', 'search.errors.nothingToSearch'],
    [
      'half a place',
      { ...storms, search: { q: 'x', lat: 1, lng: 2 } },
      'search.radiusKm',
      'search.errors.placeIncomplete',
    ],
    [
      'days in reverse',
      { ...storms, search: { q: 'x', shotFrom: '2026-02-01', shotTo: '2026-01-01' } },
      'search.shotTo',
      'search.errors.datesReversed',
    ],
  ])('refuses %s with the field and the reason', async (_case, body, field, message) => {
    const response = await send('POST', '/api/me/standing-requests', buyer, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toContainEqual({ field, message });
  });

  it(`keeps at most ${LIMITS.standingRequestsMax} per member`, async () => {
    const member = await createUser(t);
    const rows = Array.from({ length: LIMITS.standingRequestsMax }, (_, n) => ({
      user_id: member.id,
      name: `Saved ${n}`,
      frequency: 'instant',
      shot_from: '2026-01-01',
    }));
    await t.db.insertInto('standing_requests').values(rows).execute();
    const response = await send('POST', '/api/me/standing-requests', member, storms);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'STANDING_REQUESTS_LIMIT', params: { max: 50 } });
  });

  it('asks a visitor to sign in', async () => {
    expect((await send('POST', '/api/me/standing-requests', null, storms)).statusCode).toBe(401);
    expect((await send('GET', '/api/me/standing-requests', null)).statusCode).toBe(401);
  });
});

describe('PATCH and DELETE /api/me/standing-requests/:id', () => {
  it('renames, pauses and resumes, changes the search, then deletes', async () => {
    const saved = await create(buyer);
    const url = `/api/me/standing-requests/${saved.id}`;
    const paused = await send('PATCH', url, buyer, { name: 'Floods', paused: true, frequency: 'daily' });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json()).toMatchObject({ name: 'Floods', paused: true, frequency: 'daily' });
    const changed = await send('PATCH', url, buyer, { paused: false, search: { shotFrom: '2026-05-01' } });
    expect(changed.json()).toMatchObject({
      paused: false,
      search: { keywords: [], q: '', near: null, shotFrom: '2026-05-01', shotTo: null },
    });
    const row = await t.db
      .selectFrom('standing_requests')
      .select(['anchor', 'lexemes', 'area'])
      .where('id', '=', saved.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ anchor: 'days', lexemes: [], area: null });
    expect((await send('DELETE', url, buyer)).statusCode).toBe(204);
    expect((await send('PATCH', url, buyer, { name: 'Again' })).statusCode).toBe(404);
  });

  it("finds no other member's request: it does not change or go", async () => {
    const saved = await create(buyer);
    const url = `/api/me/standing-requests/${saved.id}`;
    expect((await send('PATCH', url, other, { paused: true })).statusCode).toBe(404);
    expect((await send('DELETE', url, other)).statusCode).toBe(404);
    expect((await send('GET', `${url}/matches`, other)).statusCode).toBe(404);
    expect((await send('PATCH', url, null, { paused: true })).statusCode).toBe(401);
    const row = await t.db
      .selectFrom('standing_requests')
      .select('paused')
      .where('id', '=', saved.id)
      .executeTakeFirstOrThrow();
    expect(row.paused).toBe(false);
  });
});

describe('POST /api/standing-requests/:id/unsubscribe', () => {
  it("pauses the request by its link's signature alone, as a mail program's one-click post sends it", async () => {
    const saved = await create(buyer, { ...storms, name: 'Harbour alerts' });
    const token = unsubscribeToken(TEST_SECRET, saved.id);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/standing-requests/${saved.id}/unsubscribe?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ name: 'Harbour alerts' });
    const list = (await send('GET', '/api/me/standing-requests', buyer)).json() as StandingRequestList;
    expect(list.items.find((item) => item.id === saved.id)?.paused).toBe(true);
  });

  it("refuses a token that is not the request's signature, and another request's", async () => {
    const saved = await create(buyer);
    const another = await create(buyer);
    for (const token of ['forged', unsubscribeToken(TEST_SECRET, another.id)]) {
      const response = await send(
        'POST',
        `/api/standing-requests/${saved.id}/unsubscribe?token=${token}`,
        null,
      );
      expect(response.statusCode).toBe(404);
    }
    const row = await t.db
      .selectFrom('standing_requests')
      .select('paused')
      .where('id', '=', saved.id)
      .executeTakeFirstOrThrow();
    expect(row.paused).toBe(false);
  });
});

describe('GET /api/demand', () => {
  it("shows every member what active requests ask for, newest first, never who asks nor the request's name", async () => {
    const asker = await createUser(t, { name: 'Secret Newsroom', email: 'desk@newsroom.example' });
    const wanted = await create(asker, {
      name: 'Desk 7 private brief',
      search: { keywords: 'regatta', lat: 34.67, lng: 33.04, radiusKm: 30, shotFrom: '2026-06-01' },
      placeName: 'Limassol',
      maxPriceCents: 40_000,
    });
    const paused = await create(asker, { name: 'Paused one', search: { keywords: 'paused-topic' } });
    await send('PATCH', `/api/me/standing-requests/${paused.id}`, asker, { paused: true });
    const response = await send('GET', '/api/demand?limit=48', other);
    expect(response.statusCode).toBe(200);
    const page = response.json() as DemandPage;
    expect(page.items[0]).toEqual({
      id: wanted.id,
      search: {
        keywords: ['regatta'],
        q: '',
        near: { lat: 34.67, lng: 33.04, radiusKm: 30, place: 'Limassol' },
        shotFrom: '2026-06-01',
        shotTo: null,
      },
      licenseTypeId: null,
      maxPrice: { cents: 40_000, currency: 'EUR' },
      createdAt: wanted.createdAt,
      answered: false,
    });
    expect(page.items.map((item) => item.id)).not.toContain(paused.id);
    for (const secret of ['Secret Newsroom', 'desk@newsroom.example', 'Desk 7 private brief', asker.id]) {
      expect(response.body).not.toContain(secret);
    }
  });

  it('marks the requests a video of the caller answered', async () => {
    const asker = await createUser(t);
    const creator = await createUser(t);
    const answered = await create(asker, { name: 'Kites', search: { keywords: 'kite' } });
    const video = await createVideo(t.db, creator.id, { keywords: ['kite'], status: 'ready' });
    await t.db
      .insertInto('standing_request_matches')
      .values({ standing_request_id: answered.id, video_id: video })
      .execute();
    const mine = (await send('GET', '/api/demand?limit=48', creator)).json() as DemandPage;
    expect(mine.items.find((item) => item.id === answered.id)?.answered).toBe(true);
    const theirs = (await send('GET', '/api/demand?limit=48', other)).json() as DemandPage;
    expect(theirs.items.find((item) => item.id === answered.id)?.answered).toBe(false);
    expect((await send('GET', '/api/demand', null)).statusCode).toBe(401);
  });
});
