import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeHoldingTheLedger } from '../../../tests/support/earnings';
import {
  createBillingAddress,
  createUser,
  createVideo,
  type TestUser,
} from '../../../tests/support/factories';
import { licenseRequestBody, licenseTypeId } from '../../../tests/support/licensing';
import { mailsTo } from '../../../tests/support/requests';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import type { UserEvent } from '../../adapters/events/event-bus';

/**
 * License requests (SPEC 2.6, 4.2): creating one, who sees it, quotes, cancellations and the
 * conversation, each allowed and refused for buyer, another user, the video's owner, video staff, a
 * license manager, an admin and a visitor.
 */
let t: TestApp;
let owner: TestUser;
let buyer: TestUser;
let other: TestUser;
let staff: TestUser;
let manager: TestUser;
let admin: TestUser;
let unverified: TestUser;
let readyVideo: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t, { verified: true });
  buyer = await createUser(t, { verified: true, language: 'el' });
  other = await createUser(t, { verified: true });
  staff = await createUser(t, { verified: true, rights: ['manage_videos'] });
  manager = await createUser(t, { verified: true, rights: ['manage_licenses'], name: 'Lena Manager' });
  admin = await createUser(t, { verified: true, rights: ['admin'] });
  unverified = await createUser(t);
  readyVideo = await createVideo(t.db, owner.id, { status: 'ready', title: 'Storm over the bay' });
}, 120_000);
afterAll(() => closeHoldingTheLedger(t));

let address = 0;
const call = (method: 'GET' | 'POST', url: string, who?: { cookie: string } | null, payload?: object) =>
  t.app.inject({
    method,
    url,
    ...(payload && { payload }),
    headers: { origin: t.config.publicUrl, ...(who && { cookie: who.cookie }) },
    remoteAddress: `10.70.${Math.floor(++address / 250) % 250}.${address % 250}`,
  });

const requestCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('license_requests')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A new request of `who` (the buyer by default) for `videoId`; returns its detail. */
async function newRequest(
  options: { who?: TestUser; videoId?: string; scope?: 'editorial_web' | 'commercial' } = {},
) {
  const who = options.who ?? buyer;
  const body = await licenseRequestBody(t.db, who.id, options.scope ?? 'commercial');
  const response = await call(
    'POST',
    `/api/videos/${options.videoId ?? readyVideo}/license-requests`,
    who,
    body,
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
const setStatus = (id: string, status: string) =>
  t.db.updateTable('license_requests').set({ status }).where('id', '=', id).execute();
const stored = (id: string) =>
  t.db.selectFrom('license_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('GET /api/license-types', () => {
  it('lists the active types in order with their prices and the currency, to anyone', async () => {
    const response = await call('GET', '/api/license-types');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.currency).toBe('EUR');
    expect(
      body.types.map((type: { scope: string; priceCents: number | null }) => [type.scope, type.priceCents]),
    ).toEqual([
      ['editorial_web', 4900],
      ['editorial_broadcast', 14900],
      ['commercial', null],
    ]);
  });
});

describe('POST /api/videos/{videoId}/license-requests', () => {
  it('opens a "price by request" request with copies of the type, the address and the settings', async () => {
    const addressId = await createBillingAddress(t.db, buyer.id, { name: 'Harbour News Ltd' });
    const response = await call('POST', `/api/videos/${readyVideo}/license-requests`, buyer, {
      licenseTypeId: await licenseTypeId(t.db, 'commercial'),
      usage: '  A thirty-second advert for a ferry company.  ',
      billingAddressId: addressId,
      termsAccepted: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    const detail = response.json();
    expect(detail).toMatchObject({
      status: 'open',
      priceCents: null,
      currency: 'EUR',
      usage: 'A thirty-second advert for a ferry company.',
      type: { nameEn: 'Commercial', nameEl: 'Εμπορική', scope: 'commercial' },
      billingAddress: { name: 'Harbour News Ltd', city: 'Limassol', country: 'CY' },
      video: { id: readyVideo, title: 'Storm over the bay' },
      videoCard: { id: readyVideo },
      abilities: { cancel: true, quote: false, pay: false, message: true, cancelNeedsReason: false },
    });
    // The address is a copy: editing the address afterwards changes nothing of the request.
    await t.db
      .updateTable('billing_addresses')
      .set({ name: 'Renamed Ltd' })
      .where('id', '=', addressId)
      .execute();
    const row = await stored(detail.id);
    expect(row).toMatchObject({ creator_share_percent: 50, referral_bonus_percent: 10, buyer_id: buyer.id });
    expect((row.billing_address as { name: string }).name).toBe('Harbour News Ltd');
  });

  it('sends a fixed-price request straight to awaiting payment, at the type price', async () => {
    const detail = await newRequest({ scope: 'editorial_web' });
    expect(detail).toMatchObject({ status: 'awaiting_payment', priceCents: 4900 });
    expect(detail.abilities).toMatchObject({ pay: true, cancel: true });
  });

  it('accepts a video published on YouTube', async () => {
    const published = await createVideo(t.db, owner.id, { status: 'yt_uploaded' });
    expect((await newRequest({ videoId: published })).status).toBe('open');
  });

  it('refuses a visitor, an unverified member and the owner, writing nothing', async () => {
    const before = await requestCount();
    const body = await licenseRequestBody(t.db, owner.id);
    const url = `/api/videos/${readyVideo}/license-requests`;
    expect((await call('POST', url, null, body)).statusCode).toBe(401);
    const notVerified = await call('POST', url, unverified, body);
    expect([notVerified.statusCode, notVerified.json().code]).toEqual([403, 'NOT_VERIFIED']);
    const own = await call('POST', url, owner, body);
    expect([own.statusCode, own.json().code]).toEqual([403, 'LICENSE_OWN_VIDEO']);
    expect(await requestCount()).toBe(before);
  });

  it('refuses unlisted, private, unapproved and not yet ready videos', async () => {
    const before = await requestCount();
    const cases = [
      [{ status: 'ready', privacy: 'unlisted' }, 409, 'VIDEO_NOT_LICENSABLE'],
      [{ status: 'ready', privacy: 'private' }, 404, 'NOT_FOUND'],
      [{ status: 'not_verified' }, 404, 'NOT_FOUND'],
      [{ status: 'declined' }, 404, 'NOT_FOUND'],
      [{ status: 'approved' }, 409, 'VIDEO_NOT_LICENSABLE'],
    ] as const;
    for (const [overrides, status, code] of cases) {
      const videoId = await createVideo(t.db, owner.id, overrides);
      const response = await call('POST', `/api/videos/${videoId}/license-requests`, buyer, {
        ...(await licenseRequestBody(t.db, buyer.id)),
      });
      expect([overrides, response.statusCode, response.json().code]).toEqual([overrides, status, code]);
    }
    // Staff see an unreviewed video, but it is still not for sale.
    const hidden = await createVideo(t.db, owner.id, { status: 'not_verified' });
    const response = await call('POST', `/api/videos/${hidden}/license-requests`, staff, {
      ...(await licenseRequestBody(t.db, staff.id)),
    });
    expect(response.statusCode).toBe(409);
    expect(await requestCount()).toBe(before);
  });

  it("refuses another user's billing address, an unknown type and unaccepted terms", async () => {
    const before = await requestCount();
    const url = `/api/videos/${readyVideo}/license-requests`;
    const valid = await licenseRequestBody(t.db, buyer.id);
    const othersAddress = await createBillingAddress(t.db, other.id);
    const foreign = await call('POST', url, buyer, { ...valid, billingAddressId: othersAddress });
    expect([foreign.statusCode, foreign.json().fields]).toEqual([
      400,
      [{ field: 'billingAddressId', message: 'licensing.errors.billingRequired' }],
    ]);
    await t.db
      .updateTable('license_types')
      .set({ active: false })
      .where('scope', '=', 'editorial_broadcast')
      .execute();
    const retired = await call('POST', url, buyer, {
      ...valid,
      licenseTypeId: await licenseTypeId(t.db, 'editorial_broadcast'),
    });
    await t.db
      .updateTable('license_types')
      .set({ active: true })
      .where('scope', '=', 'editorial_broadcast')
      .execute();
    expect(retired.statusCode).toBe(400);
    expect((await call('POST', url, buyer, { ...valid, termsAccepted: false })).statusCode).toBe(400);
    expect((await call('POST', url, buyer, { ...valid, usage: 'short' })).statusCode).toBe(400);
    expect(await requestCount()).toBe(before);
  });
});

describe('GET /api/license-requests/{id}', () => {
  it('shows the request to its buyer and license managers; anyone else finds nothing', async () => {
    const { id } = await newRequest();
    const answers = {
      anonymous: (await call('GET', `/api/license-requests/${id}`)).statusCode,
      buyer: (await call('GET', `/api/license-requests/${id}`, buyer)).statusCode,
      other: (await call('GET', `/api/license-requests/${id}`, other)).statusCode,
      owner: (await call('GET', `/api/license-requests/${id}`, owner)).statusCode,
      staff: (await call('GET', `/api/license-requests/${id}`, staff)).statusCode,
      manager: (await call('GET', `/api/license-requests/${id}`, manager)).statusCode,
      admin: (await call('GET', `/api/license-requests/${id}`, admin)).statusCode,
    };
    expect(answers).toEqual({
      anonymous: 401,
      buyer: 200,
      other: 404,
      owner: 404,
      staff: 404,
      manager: 200,
      admin: 200,
    });
    const forManager = (await call('GET', `/api/license-requests/${id}`, manager)).json();
    expect(forManager.abilities).toEqual({
      cancel: true,
      quote: true,
      pay: false,
      message: true,
      cancelNeedsReason: true,
      refund: false,
    });
  });
});

describe('quotes', () => {
  it('lets a manager price an open request and price it again; the buyer hears it live and by e-mail', async () => {
    const { id } = await newRequest();
    const heard: UserEvent[] = [];
    const unsubscribe = t.events.subscribe(buyer.id, (event) => heard.push(event));
    const quoted = await call('POST', `/api/license-requests/${id}/quote`, manager, { priceCents: 25000 });
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json()).toMatchObject({ status: 'awaiting_payment', priceCents: 25000 });
    const again = await call('POST', `/api/license-requests/${id}/quote`, admin, { priceCents: 20000 });
    expect(again.json()).toMatchObject({ status: 'awaiting_payment', priceCents: 20000 });
    // On PostgreSQL the request's own "created" notice can arrive after the subscription: only quotes count.
    const quotes = () => heard.filter((event) => 'change' in event && event.change === 'quoted');
    await expect.poll(() => quotes().length).toBeGreaterThanOrEqual(2);
    unsubscribe();
    expect(quotes()[0]).toEqual({
      type: 'license-request',
      licenseRequestId: id,
      status: 'awaiting_payment',
      buyer: true,
      change: 'quoted',
    });
    const mails = await mailsTo(t, buyer.email);
    const last = mails.at(-1);
    // The buyer speaks Greek: the subject and the price are in Greek.
    expect(last?.subject).toBe('Η άδεια για το «Storm over the bay» έχει τιμή');
    expect(last?.text).toContain('200,00');
    expect(last?.text).toContain(`/me/licenses/${id}`);
  });

  it('refuses the buyer (403), anyone else (404), a visitor (401) and a bad price (400)', async () => {
    const { id } = await newRequest();
    const url = `/api/license-requests/${id}/quote`;
    expect((await call('POST', url, buyer, { priceCents: 100 })).statusCode).toBe(403);
    expect((await call('POST', url, other, { priceCents: 100 })).statusCode).toBe(404);
    expect((await call('POST', url, owner, { priceCents: 100 })).statusCode).toBe(404);
    expect((await call('POST', url, staff, { priceCents: 100 })).statusCode).toBe(404);
    expect((await call('POST', url, null, { priceCents: 100 })).statusCode).toBe(401);
    for (const priceCents of [0, -5, 12.5, 100_000_001]) {
      expect((await call('POST', url, manager, { priceCents })).statusCode).toBe(400);
    }
    expect((await stored(id)).status).toBe('open');
  });

  it('refuses a request that is paying, paid or cancelled (409)', async () => {
    for (const status of ['processing_payment', 'completed', 'cancelled']) {
      const { id } = await newRequest();
      await setStatus(id, status);
      const response = await call('POST', `/api/license-requests/${id}/quote`, manager, { priceCents: 100 });
      expect([status, response.statusCode, response.json().code]).toEqual([
        status,
        409,
        'STATUS_CHANGE_NOT_ALLOWED',
      ]);
      expect((await stored(id)).price_cents).toBeNull();
    }
  });
});

describe('cancelling', () => {
  it('lets the buyer cancel before payment, without a reason', async () => {
    for (const scope of ['commercial', 'editorial_web'] as const) {
      const { id } = await newRequest({ scope });
      const response = await call('POST', `/api/license-requests/${id}/cancel`, buyer, {});
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        status: 'cancelled',
        abilities: { cancel: false, message: false },
      });
      expect(await stored(id)).toMatchObject({ cancelled_by: buyer.id, cancel_reason: null });
    }
  });

  it('asks a manager for a reason, which the buyer reads', async () => {
    const { id } = await newRequest();
    const url = `/api/license-requests/${id}/cancel`;
    const noReason = await call('POST', url, manager, { reason: '  ' });
    expect([noReason.statusCode, noReason.json().fields?.[0]?.field]).toEqual([400, 'reason']);
    const response = await call('POST', url, manager, { reason: 'The footage is under embargo.' });
    expect(response.json()).toMatchObject({
      status: 'cancelled',
      cancelReason: 'The footage is under embargo.',
    });
    const mail = (await mailsTo(t, buyer.email)).at(-1);
    expect(mail?.text).toContain('The footage is under embargo.');
  });

  it('refuses other users, a visitor, and a request paid or already cancelled', async () => {
    const { id } = await newRequest();
    const url = `/api/license-requests/${id}/cancel`;
    expect((await call('POST', url, other, {})).statusCode).toBe(404);
    expect((await call('POST', url, owner, {})).statusCode).toBe(404);
    expect((await call('POST', url, staff, { reason: 'x' })).statusCode).toBe(404);
    expect((await call('POST', url, null, {})).statusCode).toBe(401);
    expect((await stored(id)).status).toBe('open');
    for (const status of ['completed', 'cancelled']) {
      await setStatus(id, status);
      expect((await call('POST', url, buyer, {})).statusCode).toBe(409);
      expect((await call('POST', url, admin, { reason: 'Too late' })).statusCode).toBe(409);
    }
    // A request in checkout is cancellable while nothing is paid (license-payments.routes.test.ts).
  });

  it('lets exactly one of two cancels sent together win, and never quotes a cancelled request', async () => {
    for (let round = 0; round < 4; round++) {
      const { id } = await newRequest();
      const [byBuyer, byManager] = await Promise.all([
        call('POST', `/api/license-requests/${id}/cancel`, buyer, {}),
        call('POST', `/api/license-requests/${id}/cancel`, manager, { reason: 'Duplicate request' }),
      ]);
      expect([byBuyer.statusCode, byManager.statusCode].sort()).toEqual([200, 409]);
      const row = await stored(id);
      expect(row.cancelled_by).toBe(byBuyer.statusCode === 200 ? buyer.id : manager.id);
    }
    for (let round = 0; round < 4; round++) {
      const { id } = await newRequest();
      const [quote, cancel] = await Promise.all([
        call('POST', `/api/license-requests/${id}/quote`, manager, { priceCents: 5000 }),
        call('POST', `/api/license-requests/${id}/cancel`, buyer, {}),
      ]);
      // Cancelling a priced request is allowed, so both may succeed, but only in that order: a quote
      // that succeeded saw the request open and answered awaiting_payment, and the cancel always wins.
      expect(cancel.statusCode).toBe(200);
      expect((await stored(id)).status).toBe('cancelled');
      if (quote.statusCode === 200) expect(quote.json().status).toBe('awaiting_payment');
      else expect([quote.statusCode, (await stored(id)).price_cents]).toEqual([409, null]);
    }
  });
});

describe('the conversation', () => {
  it('keeps the messages of buyer and managers in order and tells the other side', async () => {
    const { id } = await newRequest();
    const url = `/api/license-requests/${id}/messages`;
    const heard: UserEvent[] = [];
    const unsubscribe = t.events.subscribe(buyer.id, (event) => heard.push(event));
    expect((await call('POST', url, buyer, { body: 'Can I use it for two years?' })).statusCode).toBe(201);
    t.clock.advance(1000);
    const reply = await call('POST', url, manager, { body: 'Yes, for two years the price is 300 EUR.' });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({ fromManager: true, mine: true, author: { name: 'Lena Manager' } });
    const forBuyer = (await call('GET', url, buyer)).json().items;
    expect(
      forBuyer.map((m: { body: string; fromManager: boolean; mine: boolean }) => [
        m.body,
        m.fromManager,
        m.mine,
      ]),
    ).toEqual([
      ['Can I use it for two years?', false, true],
      ['Yes, for two years the price is 300 EUR.', true, false],
    ]);
    await expect.poll(() => heard.some((event) => event.type === 'license-message')).toBe(true);
    unsubscribe();
    const mail = (await mailsTo(t, buyer.email)).at(-1);
    expect(mail?.subject).toBe('Νέο μήνυμα για την άδεια του «Storm over the bay»');
    expect(mail?.text).toContain('Yes, for two years the price is 300 EUR.');
  });

  it('is closed to everyone else, and closed for writing once cancelled', async () => {
    const { id } = await newRequest();
    const url = `/api/license-requests/${id}/messages`;
    expect((await call('GET', url, other)).statusCode).toBe(404);
    expect((await call('GET', url, owner)).statusCode).toBe(404);
    expect((await call('GET', url, null)).statusCode).toBe(401);
    expect((await call('POST', url, other, { body: 'Hello' })).statusCode).toBe(404);
    expect((await call('POST', url, buyer, { body: '   ' })).statusCode).toBe(400);
    await setStatus(id, 'cancelled');
    const closed = await call('POST', url, buyer, { body: 'Hello?' });
    expect([closed.statusCode, closed.json().code]).toEqual([409, 'LICENSE_REQUEST_CLOSED']);
    expect((await call('GET', url, buyer)).json().items).toEqual([]);
  });
});

describe('lists', () => {
  it("lists the caller's own requests newest first, by status, page by page", async () => {
    const shopper = await createUser(t, { verified: true });
    const ids: string[] = [];
    for (const scope of ['commercial', 'editorial_web', 'commercial'] as const) {
      t.clock.advance(1000);
      ids.push((await newRequest({ who: shopper, scope })).id);
    }
    const first = (await call('GET', '/api/me/license-requests?limit=2', shopper)).json();
    expect(first.items.map((item: { id: string }) => item.id)).toEqual([ids[2], ids[1]]);
    const second = (
      await call('GET', `/api/me/license-requests?limit=2&cursor=${first.nextCursor}`, shopper)
    ).json();
    expect([second.items.map((item: { id: string }) => item.id), second.nextCursor]).toEqual([
      [ids[0]],
      null,
    ]);
    const open = (await call('GET', '/api/me/license-requests?status=open', shopper)).json();
    expect(open.items.map((item: { id: string }) => item.id)).toEqual([ids[2], ids[0]]);
    expect((await call('GET', '/api/me/license-requests', null)).statusCode).toBe(401);
    const dashboard = (await call('GET', '/api/me/dashboard', shopper)).json();
    expect(dashboard.licenses).toBe(3);
  });

  it('gives managers every request, open ones oldest first, searchable; nobody else', async () => {
    const title = `Lighthouse ${Math.random().toString(36).slice(2, 8)}`;
    const video = await createVideo(t.db, owner.id, { status: 'ready', title });
    const ids: string[] = [];
    for (const scope of ['commercial', 'editorial_web', 'commercial'] as const) {
      t.clock.advance(1000);
      ids.push((await newRequest({ videoId: video, scope })).id);
    }
    const list = (
      await call('GET', `/api/admin/license-requests?q=${encodeURIComponent(title)}`, manager)
    ).json();
    // Open ones first, the oldest first; then the rest (awaiting payment).
    expect(list.items.map((item: { id: string }) => item.id)).toEqual([ids[0], ids[2], ids[1]]);
    const paged = (
      await call('GET', `/api/admin/license-requests?limit=1&q=${encodeURIComponent(title)}`, admin)
    ).json();
    const next = (
      await call(
        'GET',
        `/api/admin/license-requests?limit=1&q=${encodeURIComponent(title)}&cursor=${paged.nextCursor}`,
        admin,
      )
    ).json();
    expect([paged.items[0].id, next.items[0].id]).toEqual([ids[0], ids[2]]);
    const awaiting = (
      await call(
        'GET',
        `/api/admin/license-requests?status=awaiting_payment&q=${encodeURIComponent(title)}`,
        manager,
      )
    ).json();
    expect(awaiting.items.map((item: { id: string }) => item.id)).toEqual([ids[1]]);
    const { name } = await t.db
      .selectFrom('users')
      .select('name')
      .where('id', '=', other.id)
      .executeTakeFirstOrThrow();
    await newRequest({ who: other });
    const byBuyer = (
      await call('GET', `/api/admin/license-requests?q=${encodeURIComponent(name)}`, manager)
    ).json();
    expect(byBuyer.items.length).toBeGreaterThan(0);
    expect(byBuyer.items.every((item: { buyer: { id: string } }) => item.buyer.id === other.id)).toBe(true);
    const wildcard = (await call('GET', '/api/admin/license-requests?q=%25', manager)).json();
    expect(wildcard.items).toEqual([]);
    expect((await call('GET', '/api/admin/license-requests', buyer)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/license-requests', staff)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/license-requests', null)).statusCode).toBe(401);
  });
});

describe('the video page offers a license where the server would take the request', () => {
  it('shows it to everyone but the owner on a licensable, publicly listed video', async () => {
    const ability = async (videoId: string, who: TestUser | null) =>
      (await call('GET', `/api/videos/${videoId}`, who)).json().abilities?.license;
    expect(await ability(readyVideo, null)).toBe(true);
    expect(await ability(readyVideo, unverified)).toBe(true);
    expect(await ability(readyVideo, buyer)).toBe(true);
    expect(await ability(readyVideo, owner)).toBe(false);
    const unlisted = await createVideo(t.db, owner.id, { status: 'ready', privacy: 'unlisted' });
    expect(await ability(unlisted, buyer)).toBe(false);
    const approved = await createVideo(t.db, owner.id, { status: 'approved' });
    expect(await ability(approved, buyer)).toBe(false);
  });
});
