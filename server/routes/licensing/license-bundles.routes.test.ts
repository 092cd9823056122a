import { beforeAll, describe, expect, it } from 'vitest';
import type { LicenseBundle } from '../../../common/contracts/licenses';
import { createUser, createVideo, type TestUser } from '../../../tests/support/factories';
import { licenseRequestBody } from '../../../tests/support/licensing';
import { mailsTo } from '../../../tests/support/requests';
import { setUpTestApp } from '../../../tests/support/set-up-test-app';

/**
 * One license request for several clips of a collection (issue 34): who may ask, what one bad clip does
 * to the rest, and who sees the result.
 */
const t = setUpTestApp();
let buyer: TestUser;
let other: TestUser;
let unverified: TestUser;
let creatorA: TestUser;
let creatorB: TestUser;
let manager: TestUser;
let admin: TestUser;
beforeAll(async () => {
  buyer = await createUser(t, { verified: true });
  other = await createUser(t, { verified: true });
  unverified = await createUser(t);
  creatorA = await createUser(t, { verified: true });
  creatorB = await createUser(t, { verified: true });
  manager = await createUser(t, { verified: true, rights: ['manage_licenses'] });
  admin = await createUser(t, { verified: true, rights: ['admin'] });
});

const send = (method: 'GET' | 'POST' | 'PUT', url: string, who: TestUser | null, payload?: object) =>
  t.send(method, url, { ...(who && { cookie: who.cookie }), ...(payload && { payload }) });

/** A collection of `who` holding `videoIds`, put in through the endpoints. */
async function collectionOf(who: TestUser, videoIds: string[]): Promise<string> {
  const created = await send('POST', '/api/me/collections', who, { name: 'For the bulletin' });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as string;
  for (const videoId of videoIds) {
    const put = await send('PUT', `/api/me/collections/${id}/items/${videoId}`, who, {});
    expect(put.statusCode, put.body).toBe(200);
  }
  return id;
}

const clipOf = (creator: TestUser, title: string) =>
  createVideo(t.db, creator.id, { status: 'ready', title });

const count = async (table: 'license_requests' | 'license_bundles') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function ask(
  who: TestUser | null,
  collectionId: string,
  videoIds: string[],
  scope: 'editorial_web' | 'commercial' = 'editorial_web',
) {
  const body = await licenseRequestBody(t.db, (who ?? buyer).id, scope);
  return send('POST', `/api/me/collections/${collectionId}/license-requests`, who, { ...body, videoIds });
}

describe('POST /api/me/collections/{id}/license-requests', () => {
  it('asks for two clips of two creators at once: one request each, in one bundle, payable as one', async () => {
    const a = await clipOf(creatorA, 'Nets drying');
    const b = await clipOf(creatorB, 'Gulls over the pier');
    const collection = await collectionOf(buyer, [a, b]);
    const response = await ask(buyer, collection, [a, b]);
    expect(response.statusCode, response.body).toBe(201);
    const bundle = response.json() as LicenseBundle;
    expect(bundle).toMatchObject({ collectionId: collection, totalCents: 9800, currency: 'EUR', pay: true });
    expect(bundle.clips.map((clip) => [clip.video.id, clip.status, clip.priceCents, clip.bundleId])).toEqual(
      expect.arrayContaining([
        [a, 'awaiting_payment', 4900, bundle.id],
        [b, 'awaiting_payment', 4900, bundle.id],
      ]),
    );
    const rows = await t.db
      .selectFrom('license_requests')
      .selectAll()
      .where('bundle_id', '=', bundle.id)
      .execute();
    expect(rows).toHaveLength(2);
    // One usage and one billing address, copied onto each clip's request with the same terms.
    expect(new Set(rows.map((row) => row.usage)).size).toBe(1);
    expect(rows.every((row) => row.buyer_id === buyer.id && row.creator_share_percent === 50)).toBe(true);
    expect(rows[0]?.billing_address).toEqual(rows[1]?.billing_address);
  });

  it('waits for quotes on "price by request": no total, nothing to pay, one mail per manager naming both', async () => {
    const a = await clipOf(creatorA, 'Storm at the breakwater');
    const b = await clipOf(creatorB, 'Harbour lights');
    const collection = await collectionOf(buyer, [a, b]);
    const response = await ask(buyer, collection, [a, b], 'commercial');
    expect(response.statusCode, response.body).toBe(201);
    const bundle = response.json() as LicenseBundle;
    expect(bundle).toMatchObject({ totalCents: null, pay: false });
    expect(bundle.clips.map((clip) => clip.status)).toEqual(['open', 'open']);
    const mails = (await mailsTo(t, manager.email)).filter((mail) =>
      mail.subject?.includes('Harbour lights'),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('Storm at the breakwater');
  });

  it('refuses the whole request for one bad clip, naming it, and writes nothing', async () => {
    const good = await clipOf(creatorA, 'Ferry leaving');
    const own = await clipOf(buyer, 'My own clip');
    const unready = await createVideo(t.db, creatorB.id, { status: 'approved', title: 'Not licensable yet' });
    const privateClip = await createVideo(t.db, creatorB.id, { status: 'ready', privacy: 'private' });
    const notCollected = await clipOf(creatorB, 'Elsewhere');
    const collection = await collectionOf(buyer, [good, own, unready]);
    // A clip that became private after it was collected is not found, as on its own page.
    await t.db
      .insertInto('collection_items')
      .values({ collection_id: collection, video_id: privateClip, position: 9 })
      .execute();
    const before = [await count('license_requests'), await count('license_bundles')];
    const cases: [string[], number, string][] = [
      [[good, own], 403, 'LICENSE_OWN_VIDEO'],
      [[good, unready], 409, 'VIDEO_NOT_LICENSABLE'],
      [[good, notCollected], 404, 'NOT_FOUND'],
      [[good, privateClip], 404, 'NOT_FOUND'],
      [[good, good], 400, 'VALIDATION_FAILED'],
      [[], 400, 'VALIDATION_FAILED'],
    ];
    for (const [videoIds, status, code] of cases) {
      const response = await ask(buyer, collection, videoIds);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().code).toBe(code);
    }
    expect((await ask(buyer, collection, [good, own])).json().params).toEqual({ videoId: own });
    // Someone else's collection does not exist for the caller, even with clips they could license.
    const othersCollection = await collectionOf(other, [good]);
    expect((await ask(buyer, othersCollection, [good])).statusCode).toBe(404);
    expect([await count('license_requests'), await count('license_bundles')]).toEqual(before);
  });

  it('is for verified members only', async () => {
    const clip = await clipOf(creatorA, 'Boats at dawn');
    const collection = await collectionOf(unverified, [clip]);
    const refused = await ask(unverified, collection, [clip]);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().code).toBe('NOT_VERIFIED');
    expect((await ask(null, collection, [clip])).statusCode).toBe(401);
  });
});

describe('GET /api/license-bundles/{id}', () => {
  it('shows the bundle to its buyer and license managers; to anyone else it does not exist', async () => {
    const a = await clipOf(creatorA, 'Quay at noon');
    const b = await clipOf(creatorB, 'Fish market');
    const created = (await ask(buyer, await collectionOf(buyer, [a, b]), [a, b])).json() as LicenseBundle;
    const url = `/api/license-bundles/${created.id}`;
    const mine = await send('GET', url, buyer);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({ id: created.id, totalCents: 9800, pay: true });
    for (const staff of [manager, admin]) {
      const seen = await send('GET', url, staff);
      expect(seen.statusCode).toBe(200);
      // Managers see it, but only the buyer pays.
      expect(seen.json()).toMatchObject({ id: created.id, pay: false });
    }
    for (const outsider of [other, creatorA]) expect((await send('GET', url, outsider)).statusCode).toBe(404);
    expect((await send('GET', url, null)).statusCode).toBe(401);
    expect((await send('GET', `/api/license-bundles/${crypto.randomUUID()}`, buyer)).statusCode).toBe(404);
  });

  it('holds one conversation with the license managers, whichever clip’s page it is read or written on', async () => {
    const a = await clipOf(creatorA, 'Trawler at rest');
    const b = await clipOf(creatorB, 'Net mending');
    const created = (await ask(buyer, await collectionOf(buyer, [a, b]), [a, b])).json() as LicenseBundle;
    const [first, second] = created.clips.map((clip) => clip.id);
    const asked = await send('POST', `/api/license-requests/${first}/messages`, buyer, {
      body: 'Both for one year?',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const answered = await send('POST', `/api/license-requests/${second}/messages`, manager, {
      body: 'Yes, both.',
    });
    expect(answered.statusCode, answered.body).toBe(201);
    for (const [who, clip] of [
      [buyer, second],
      [manager, first],
    ] as const) {
      const thread = await send('GET', `/api/license-requests/${clip}/messages`, who);
      expect(thread.json().items.map((item: { body: string }) => item.body)).toEqual([
        'Both for one year?',
        'Yes, both.',
      ]);
    }
  });

  it('leaves a cancelled clip out of the total', async () => {
    const a = await clipOf(creatorA, 'Lighthouse');
    const b = await clipOf(creatorB, 'Sunset pier');
    const created = (await ask(buyer, await collectionOf(buyer, [a, b]), [a, b])).json() as LicenseBundle;
    const cancelled = await send('POST', `/api/license-requests/${created.clips[0]?.id}/cancel`, buyer, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const view = (await send('GET', `/api/license-bundles/${created.id}`, buyer)).json() as LicenseBundle;
    expect(view).toMatchObject({ totalCents: 4900, pay: true });
  });
});

/** A bundle of `buyer`'s for two fixed-price clips of two creators: its id and its clips' request ids. */
async function pricedBundle(creators: [TestUser, TestUser] = [creatorA, creatorB]) {
  const a = await clipOf(creators[0], 'Morning catch');
  const b = await clipOf(creators[1], 'Harbour crane');
  const created = (await ask(buyer, await collectionOf(buyer, [a, b]), [a, b])).json() as LicenseBundle;
  return { id: created.id, clips: created.clips.map((clip) => clip.id).sort() };
}
const clipRows = (bundleId: string) =>
  t.db
    .selectFrom('license_requests')
    .select(['id', 'status', 'checkout_session_id', 'payment_provider'])
    .where('bundle_id', '=', bundleId)
    .orderBy('id')
    .execute();

describe('POST /api/license-bundles/{id}/checkout', () => {
  it('opens one checkout for every clip; paying again moves them all to a new session', async () => {
    const bundle = await pricedBundle();
    const first = await send('POST', `/api/license-bundles/${bundle.id}/checkout`, buyer);
    expect(first.statusCode, first.body).toBe(200);
    const rows = await clipRows(bundle.id);
    expect(rows.map((row) => row.status)).toEqual(['processing_payment', 'processing_payment']);
    const session = rows[0]?.checkout_session_id;
    expect(session).toMatch(/^cs_sbx_/);
    expect(first.json().url).toContain(`/payments/sandbox/${session}`);
    expect(
      rows.every((row) => row.checkout_session_id === session && row.payment_provider === 'sandbox'),
    ).toBe(true);
    const again = await send('POST', `/api/license-bundles/${bundle.id}/checkout`, buyer);
    expect(again.statusCode, again.body).toBe(200);
    const moved = await clipRows(bundle.id);
    expect(new Set(moved.map((row) => row.checkout_session_id)).size).toBe(1);
    expect(moved[0]?.checkout_session_id).not.toBe(session);
    expect(moved.map((row) => row.status)).toEqual(['processing_payment', 'processing_payment']);
  });

  it('is refused while a clip waits for a quote, to anyone but the buyer, and for one clip alone', async () => {
    const a = await clipOf(creatorA, 'Regatta');
    const b = await clipOf(creatorB, 'Fog on the bay');
    const unpriced = (await ask(buyer, await collectionOf(buyer, [a, b]), [a, b], 'commercial')).json();
    const refused = await send('POST', `/api/license-bundles/${unpriced.id}/checkout`, buyer);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().code).toBe('LICENSE_NOT_PAYABLE');
    const bundle = await pricedBundle();
    for (const who of [other, manager, creatorA]) {
      expect((await send('POST', `/api/license-bundles/${bundle.id}/checkout`, who)).statusCode).toBe(404);
    }
    // A clip of a bundle is paid with the others, never in a checkout of its own.
    const alone = await send('POST', `/api/license-requests/${bundle.clips[0]}/checkout`, buyer);
    expect(alone.statusCode, alone.body).toBe(409);
    const page = await send('GET', `/api/license-requests/${bundle.clips[0]}`, buyer);
    expect(page.json().abilities.pay).toBe(false);
    expect((await clipRows(bundle.id)).map((row) => row.status)).toEqual([
      'awaiting_payment',
      'awaiting_payment',
    ]);
  });

  it('two checkouts of one bundle at once end with every clip in one session', async () => {
    for (let round = 0; round < 3; round++) {
      const bundle = await pricedBundle();
      const answers = await Promise.all([
        send('POST', `/api/license-bundles/${bundle.id}/checkout`, buyer),
        send('POST', `/api/license-bundles/${bundle.id}/checkout`, buyer),
      ]);
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect([
        [200, 200],
        [200, 409],
      ]).toContainEqual(statuses);
      const rows = await clipRows(bundle.id);
      expect(rows.map((row) => row.status)).toEqual(['processing_payment', 'processing_payment']);
      const sessions = new Set(rows.map((row) => row.checkout_session_id));
      expect(sessions.size).toBe(1);
      // The session the clips hold is the one the last successful answer sent the buyer to.
      const urls = answers.filter((answer) => answer.statusCode === 200).map((answer) => answer.json().url);
      expect(urls.some((url: string) => url.endsWith(`/${[...sessions][0]}`))).toBe(true);
    }
  });
});
