import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditRowsOf } from '../../../tests/support/audit';
import { closeHoldingTheLedger, expectLedgerHolds } from '../../../tests/support/earnings';
import { createUser, type TestUser } from '../../../tests/support/factories';
import {
  twoCreators as creatorsWithReferral,
  bundleInCheckout as inCheckout,
  sandboxEventOf,
  statusesOf,
} from '../../../tests/support/license-bundles';
import { ledgerOf, licensableVideo, startCheckout } from '../../../tests/support/license-payments';
import { createLicenseRequest } from '../../../tests/support/licensing-factories';
import { deliverSandboxEvent, signedEvent } from '../../../tests/support/payments';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { licenseRefundValues } from '../../../tests/support/valid-bodies';

/**
 * Paying for a request of several clips (issue 34) through the sandbox checkout and the webhook: one
 * payment of the total completes every clip and writes each clip's sale as a request of its own would;
 * a replay, a failure, another amount and an expired checkout act on the clips as a whole.
 */
let t: TestApp;
let buyer: TestUser;
let manager: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  buyer = await createUser(t, { verified: true });
  manager = await createUser(t, { verified: true, rights: ['manage_licenses'] });
}, 60_000);
afterEach(() => expectLedgerHolds(t));
afterAll(() => closeHoldingTheLedger(t));

const send = (method: 'GET' | 'POST' | 'PUT', url: string, who: TestUser | null, payload?: object) =>
  t.send(method, url, { ...(who && { cookie: who.cookie }), ...(payload && { payload }) });
const bundleInCheckout = (videoIds: string[]) => inCheckout(t, buyer, videoIds);
const sandboxEvent = (sessionId: string, outcome: 'paid' | 'declined' = 'paid') =>
  sandboxEventOf(t, buyer, sessionId, outcome);
const statuses = (ids: string[]) => statusesOf(t, ids);
const twoCreators = () => creatorsWithReferral(t);

const transactionCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('transactions')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A sale's rows as who earned what: the same shape whichever request or bundle wrote them. */
const shapeOf = async (requestId: string, people: Record<string, string>) =>
  (await ledgerOf(t, requestId)).map((row) => [
    people[row.user_id] ?? row.user_id,
    row.type,
    Number(row.amount_cents),
  ]);

describe('paying for a bundle', () => {
  it('one payment of the total writes exactly the rows two single sales write, per creator', async () => {
    const { referrer, plain, referred } = await twoCreators();
    const plainClip = await licensableVideo(t, plain.id, 'Nets at dusk');
    const referredClip = await licensableVideo(t, referred.id, 'Ferry in fog');
    const { clips, sessionId } = await bundleInCheckout([plainClip, referredClip]);
    // The sandbox page shows the bundle's total and how many clips it pays for.
    const facts = await send('GET', `/api/payments/sandbox/sessions/${sessionId}`, buyer);
    expect(facts.json()).toMatchObject({ priceCents: 9800, currency: 'EUR', bundle: { clips: 2 } });
    const before = await transactionCount();
    const delivered = await deliverSandboxEvent(t, await sandboxEvent(sessionId));
    expect(delivered.json()).toEqual({ received: true, outcome: 'completed' });
    expect(await statuses(clips)).toEqual(['completed', 'completed']);
    // Exactly the rows of its two clips: two purchases, two shares, one bonus (the referred creator's).
    const written = await t.db.selectFrom('transactions').select('license_request_id').execute();
    expect(written.length - before).toBe(5);
    const bundlePeople = {
      [buyer.id]: 'buyer',
      [plain.id]: 'creator',
      [referred.id]: 'creator',
      [referrer.id]: 'referrer',
    };
    const [plainRequest, referredRequest] = await Promise.all(
      [plainClip, referredClip].map(
        async (videoId) =>
          (
            await t.db
              .selectFrom('license_requests')
              .select('id')
              .where('video_id', '=', videoId)
              .executeTakeFirstOrThrow()
          ).id,
      ),
    );

    // The same two sales made one by one, of two other creators alike.
    const single = await twoCreators();
    const singlePeople = {
      [buyer.id]: 'buyer',
      [single.plain.id]: 'creator',
      [single.referred.id]: 'creator',
      [single.referrer.id]: 'referrer',
    };
    const alone: string[] = [];
    for (const creator of [single.plain, single.referred]) {
      const requestId = await createLicenseRequest(t.db, {
        videoId: await licensableVideo(t, creator.id),
        buyerId: buyer.id,
      });
      const session = await startCheckout(t, buyer, requestId);
      expect((await deliverSandboxEvent(t, await sandboxEvent(session.sessionId))).json().outcome).toBe(
        'completed',
      );
      alone.push(requestId);
    }
    expect(await shapeOf(plainRequest as string, bundlePeople)).toEqual(
      await shapeOf(alone[0] as string, singlePeople),
    );
    expect(await shapeOf(referredRequest as string, bundlePeople)).toEqual(
      await shapeOf(alone[1] as string, singlePeople),
    );
    expect(await shapeOf(referredRequest as string, bundlePeople)).toContainEqual([
      'referrer',
      'video_license_sale_referral_bonus',
      490,
    ]);
  });

  it('a replayed event changes nothing', async () => {
    const creator = await createUser(t, { verified: true });
    const { clips, sessionId } = await bundleInCheckout([
      await licensableVideo(t, creator.id),
      await licensableVideo(t, creator.id),
    ]);
    const event = signedEvent(t, {
      type: 'completed',
      sessionId,
      requestId: clips[0] as string,
      amountCents: 9800,
      currency: 'EUR',
    });
    expect((await deliverSandboxEvent(t, event)).json().outcome).toBe('completed');
    const rows = await transactionCount();
    const again = JSON.parse(event.payload);
    const replay = signedEvent(t, again);
    expect((await deliverSandboxEvent(t, replay)).json().outcome).toBe('duplicate');
    expect(await transactionCount()).toBe(rows);
    expect(await statuses(clips)).toEqual(['completed', 'completed']);
    // One creator, two clips: a share each, and no referrer, so no bonus.
    for (const id of clips)
      expect((await ledgerOf(t, id)).map((row) => row.type)).toEqual([
        'video_license_purchase',
        'video_license_sale',
      ]);
  });

  it('another amount reopens every clip and is given back; a declined payment reopens them too', async () => {
    const creator = await createUser(t, { verified: true });
    const { clips, sessionId } = await bundleInCheckout([
      await licensableVideo(t, creator.id),
      await licensableVideo(t, creator.id),
    ]);
    const rows = await transactionCount();
    const short = signedEvent(t, {
      type: 'completed',
      sessionId,
      requestId: clips[0] as string,
      amountCents: 4900,
      currency: 'EUR',
    });
    expect((await deliverSandboxEvent(t, short)).json().outcome).toBe('amount_mismatch');
    const recorded = await t.db
      .selectFrom('payment_events')
      .select('outcome')
      .where('event_id', '=', JSON.parse(short.payload).id)
      .executeTakeFirstOrThrow();
    expect(recorded.outcome).toBe('amount_mismatch_refunded');
    expect(await statuses(clips)).toEqual(['awaiting_payment', 'awaiting_payment']);
    expect(await transactionCount()).toBe(rows);

    const next = await send(
      'POST',
      `/api/license-bundles/${
        (
          await t.db
            .selectFrom('license_requests')
            .select('bundle_id')
            .where('id', '=', clips[0] as string)
            .executeTakeFirstOrThrow()
        ).bundle_id
      }/checkout`,
      buyer,
    );
    expect(next.statusCode, next.body).toBe(200);
    const nextSession = new URL(next.json().url).pathname.split('/').pop() as string;
    expect((await deliverSandboxEvent(t, await sandboxEvent(nextSession, 'declined'))).json().outcome).toBe(
      'reopened',
    );
    expect(await statuses(clips)).toEqual(['awaiting_payment', 'awaiting_payment']);
    expect(await transactionCount()).toBe(rows);
  });

  it('cancelling one clip during checkout puts the others back to pay again without it', async () => {
    const creator = await createUser(t, { verified: true });
    const { bundleId, clips, sessionId } = await bundleInCheckout([
      await licensableVideo(t, creator.id),
      await licensableVideo(t, creator.id),
    ]);
    const [first, second] = clips as [string, string];
    const cancelled = await send('POST', `/api/license-requests/${first}/cancel`, buyer, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await statuses(clips)).toEqual(['cancelled', 'awaiting_payment']);
    // A payment of the closed session (had the provider taken one) finds no clip in checkout: given back.
    const late = signedEvent(t, {
      type: 'completed',
      sessionId,
      requestId: second,
      amountCents: 9800,
      currency: 'EUR',
    });
    expect((await deliverSandboxEvent(t, late)).json().outcome).toBe('closed_session');
    const again = await send('POST', `/api/license-bundles/${bundleId}/checkout`, buyer);
    expect(again.statusCode, again.body).toBe(200);
    const next = new URL(again.json().url).pathname.split('/').pop() as string;
    const facts = await send('GET', `/api/payments/sandbox/sessions/${next}`, buyer);
    expect(facts.json()).toMatchObject({ priceCents: 4900, bundle: { id: bundleId, clips: 1 } });
    expect((await deliverSandboxEvent(t, await sandboxEvent(next))).json().outcome).toBe('completed');
    expect(await statuses(clips)).toEqual(['cancelled', 'completed']);
  });

  it('the expiry sweep reopens a bundle’s checkout as a whole', async () => {
    const creator = await createUser(t, { verified: true });
    const { clips } = await bundleInCheckout([
      await licensableVideo(t, creator.id),
      await licensableVideo(t, creator.id),
    ]);
    t.clock.advance(66 * 60_000);
    expect(await t.app.services.licenseCheckout.expireCheckouts()).toBeGreaterThanOrEqual(2);
    expect(await statuses(clips)).toEqual(['awaiting_payment', 'awaiting_payment']);
  });
});

/** A bundle of two clips by two creators, paid through the sandbox: its id and its clips. */
async function paidBundle() {
  const creators = [await createUser(t, { verified: true }), await createUser(t, { verified: true })];
  const videos = [
    await licensableVideo(t, creators[0]?.id as string),
    await licensableVideo(t, creators[1]?.id as string),
  ];
  const { bundleId, clips, sessionId } = await bundleInCheckout(videos);
  expect((await deliverSandboxEvent(t, await sandboxEvent(sessionId))).json().outcome).toBe('completed');
  return { bundleId, clips, creators };
}
/** Each of a sale's rows, and whether a counter-row undoes it. */
const undone = async (requestId: string) => {
  const rows = await ledgerOf(t, requestId);
  const reverted = new Set(rows.map((row) => row.reverses_id).filter(Boolean));
  return rows.filter((row) => row.reverses_id === null).map((row) => reverted.has(row.id));
};

describe('refunding a bundle', () => {
  it('a refund of one clip undoes that clip’s rows and leaves the other’s', async () => {
    const { clips } = await paidBundle();
    const [first, second] = clips as [string, string];
    const response = await send(
      'POST',
      `/api/license-requests/${first}/refund`,
      manager,
      licenseRefundValues,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'cancelled', refunded: true });
    expect(await undone(first)).toEqual([true, true]);
    expect(await undone(second)).toEqual([false, false]);
    expect(await statuses(clips)).toEqual(clips.map((id) => (id === first ? 'cancelled' : 'completed')));
  });

  it('a whole-bundle refund refunds each sold clip on its own: its refund, its counter-rows, its audit row', async () => {
    const { bundleId, clips } = await paidBundle();
    const url = `/api/license-bundles/${bundleId}/refund`;
    expect((await send('POST', url, buyer, licenseRefundValues)).statusCode).toBe(403);
    const response = await send('POST', url, manager, licenseRefundValues);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: bundleId, totalCents: 0, pay: false });
    const rows = await t.db
      .selectFrom('license_requests')
      .select(['status', 'refund_reference', 'refunded_by'])
      .where('bundle_id', '=', bundleId)
      .execute();
    expect(rows.every((row) => row.status === 'cancelled' && row.refunded_by === manager.id)).toBe(true);
    // The sandbox's refund of a part is its own, derived from the clip: two clips, two refunds.
    expect(new Set(rows.map((row) => row.refund_reference)).size).toBe(2);
    for (const id of clips) {
      expect(await undone(id)).toEqual([true, true]);
      expect((await auditRowsOf(t.db, id)).map((row) => row.action)).toEqual(['license.refund']);
    }
    // Nothing is left to refund.
    const again = await send('POST', url, manager, licenseRefundValues);
    expect(again.json().code).toBe('REFUND_NOT_ALLOWED');
  });

  it('a manager who made one of the clips refunds none of them', async () => {
    const { bundleId, clips, creators } = await paidBundle();
    await t.db
      .updateTable('users')
      .set({ rights: ['manage_licenses'] })
      .where('id', '=', creators[1]?.id as string)
      .execute();
    const response = await send(
      'POST',
      `/api/license-bundles/${bundleId}/refund`,
      creators[1] as TestUser,
      licenseRefundValues,
    );
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json().code).toBe('OWN_LICENSE_REQUEST');
    expect(await statuses(clips)).toEqual(['completed', 'completed']);
  });
});
