import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '../../../common/dates';
import { closeHoldingTheLedger, expectLedgerHolds } from '../../../tests/support/earnings';
import { createUser, type TestUser } from '../../../tests/support/factories';
import {
  ledgerOf,
  licensableVideo,
  requestInCheckout,
  statusOf,
} from '../../../tests/support/license-payments';
import { deliverSandboxEvent, eventOutcomesOf, signedEvent } from '../../../tests/support/payments';
import { mailsTo } from '../../../tests/support/requests';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import type { UserEvent } from '../../adapters/events/event-bus';

/**
 * The payment webhook with the sandbox provider (the same route and code as Stripe's): a verified event
 * moves the request by compare-and-set and writes the sale's ledger rows once; replays, late and
 * out-of-order events, forgeries and wrong amounts change nothing.
 */
let t: TestApp;
let referrer: TestUser;
let creator: TestUser;
let buyer: TestUser;
let videoId: string;

beforeAll(async () => {
  t = await createTestApp();
  referrer = await createUser(t, { verified: true });
  creator = await createUser(t, { verified: true, language: 'el', email: 'creator-webhook@example.com' });
  await t.db.updateTable('users').set({ referrer_id: referrer.id }).where('id', '=', creator.id).execute();
  buyer = await createUser(t, { verified: true });
  videoId = await licensableVideo(t, creator.id, 'Λιμάνι την αυγή');
}, 60_000);
// The ledger invariant holds after the money these tests moved.
afterEach(() => expectLedgerHolds(t));
afterAll(() => closeHoldingTheLedger(t));

const paymentEventCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('payment_events')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A fresh creator with a referrer, a video, and a request of `buyer` in checkout. */
async function freshSale(options: { priceCents?: number } = {}) {
  const seller = await createUser(t, { verified: true });
  await t.db.updateTable('users').set({ referrer_id: referrer.id }).where('id', '=', seller.id).execute();
  const video = await licensableVideo(t, seller.id);
  const checkout = await requestInCheckout(t, buyer, video, options);
  return { seller, ...checkout };
}

const completedEvent = (
  requestId: string,
  sessionId: string,
  extra: Partial<{ id: string; amountCents: number; currency: string }> = {},
) =>
  signedEvent(t, {
    type: 'completed',
    sessionId,
    requestId,
    amountCents: 4900,
    currency: 'EUR',
    ...extra,
  });

describe('a completed payment', () => {
  it('completes the request and writes the buyer purchase, creator share and first-sale referral bonus', async () => {
    const { requestId, sessionId } = await requestInCheckout(t, buyer, videoId);
    const heardByCreator: UserEvent[] = [];
    const heardByBuyer: UserEvent[] = [];
    const stopCreator = t.events.subscribe(creator.id, (event) => heardByCreator.push(event));
    const stopBuyer = t.events.subscribe(buyer.id, (event) => heardByBuyer.push(event));
    const before = t.clock.now();
    try {
      const response = await deliverSandboxEvent(t, completedEvent(requestId, sessionId));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ received: true, outcome: 'completed' });
      for (let i = 0; i < 50 && (heardByCreator.length === 0 || heardByBuyer.length === 0); i++)
        await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      stopCreator();
      stopBuyer();
    }

    expect(await statusOf(t, requestId)).toBe('completed');
    const rows = await ledgerOf(t, requestId);
    expect(
      rows.map((row) => [row.type, row.user_id, Number(row.amount_cents), row.currency, row.status]),
    ).toEqual([
      ['video_license_purchase', buyer.id, 4900, 'EUR', 'completed'],
      ['video_license_sale', creator.id, 2450, 'EUR', 'completed'],
      ['video_license_sale_referral_bonus', referrer.id, 490, 'EUR', 'completed'],
    ]);
    // The creator's share becomes withdrawable after the withdrawal delay (30 days by default).
    const availableAt = rows.find((row) => row.type === 'video_license_sale')?.available_at ?? new Date(0);
    const days = (availableAt.getTime() - before.getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(29.99);
    expect(days).toBeLessThan(30.01);
    expect(rows.find((row) => row.type === 'video_license_sale_referral_bonus')?.referred_user_id).toBe(
      creator.id,
    );

    expect(heardByBuyer).toEqual([
      {
        type: 'license-payment',
        licenseRequestId: requestId,
        videoId,
        title: 'Λιμάνι την αυγή',
        status: 'completed',
      },
    ]);
    expect(heardByCreator).toEqual([
      {
        type: 'license-sale',
        licenseRequestId: requestId,
        videoId,
        title: 'Λιμάνι την αυγή',
        amountCents: 2450,
        currency: 'EUR',
      },
    ]);
    // The creator's receipt is in Greek: the type and its kind of use, the price, the share and its
    // percentage, from when it can be withdrawn, the way to the transactions; nothing of the buyer (not
    // their billing details, nor their words about the use, which may name them).
    const [mail] = await mailsTo(t, creator.email);
    expect(mail?.subject).toBe('Πουλήσατε μια άδεια για το «Λιμάνι την αυγή»');
    expect(mail?.text).toContain('Τύπος άδειας: Ειδησεογραφική: διαδίκτυο και μέσα κοινωνικής δικτύωσης');
    expect(mail?.text).toContain('Είδος χρήσης: Ειδησεογραφική: διαδίκτυο και μέσα κοινωνικής δικτύωσης');
    expect(mail?.text).toMatch(/στην τιμή των 49,00\s€/);
    expect(mail?.text).toMatch(/Το μερίδιό σας: 24,50\s€ \(50% της τιμής\)/);
    expect(mail?.text).toContain(
      `Μπορείτε να το κάνετε ανάληψη από τις ${formatDate(availableAt, 'el', { timeZone: 'UTC' })}.`,
    );
    expect(mail?.text).toContain(`${t.config.publicUrl}/me/transactions?sale=${requestId}`);
    expect(mail?.text).not.toContain('Evening news bulletin');
    expect(mail?.text).not.toContain('Limassol News Ltd');
    expect(mail?.text).not.toContain('Κάτοχος της άδειας');
    expect(mail?.text).toMatch(/24,50\s€/);
    expect(mail?.text).not.toContain(buyer.email);
    expect(mail?.text).not.toContain('Anexartisias');
    // The buyer's receipt, in their language: the amount paid, the license, and the way to its page.
    const receipts = (await mailsTo(t, buyer.email)).filter((sent) => sent.subject?.startsWith('Receipt'));
    expect(receipts).toHaveLength(1);
    const [receipt] = receipts;
    expect(receipt?.subject).toBe('Receipt: your license for “Λιμάνι την αυγή”');
    expect(receipt?.text).toContain('we received your payment of €49.00');
    expect(receipt?.text).toContain('License type: Editorial: web and social');
    expect(receipt?.text).toContain(`License number: ${requestId}`);
    expect(receipt?.text).toContain(`/me/licenses/${requestId}`);
    // The referrer's receipt of the bonus this first sale paid, from the same day on.
    const [bonus] = await mailsTo(t, referrer.email);
    expect(bonus?.subject).toBe('You earned a referral bonus of €4.90');
    expect(bonus?.text).toContain(
      `You can withdraw it from ${formatDate(availableAt, 'en', { timeZone: 'UTC' })}.`,
    );
    expect(bonus?.text).toContain(`${t.config.publicUrl}/me/transactions?sale=${requestId}`);
    expect(bonus?.text).not.toContain(buyer.email);
  });

  it('rounds a share down to whole cents and pays no bonus on a later sale of the same creator', async () => {
    const first = await freshSale({ priceCents: 4999 });
    await deliverSandboxEvent(t, completedEvent(first.requestId, first.sessionId, { amountCents: 4999 }));
    expect((await ledgerOf(t, first.requestId)).map((row) => [row.type, Number(row.amount_cents)])).toEqual([
      ['video_license_purchase', 4999],
      ['video_license_sale', 2499],
      ['video_license_sale_referral_bonus', 499],
    ]);
    const video = await licensableVideo(t, first.seller.id);
    const second = await requestInCheckout(t, buyer, video);
    await deliverSandboxEvent(t, completedEvent(second.requestId, second.sessionId));
    expect((await ledgerOf(t, second.requestId)).map((row) => row.type)).toEqual([
      'video_license_purchase',
      'video_license_sale',
    ]);
  });

  it('pays no bonus to nobody: a creator without a referrer', async () => {
    const loner = await createUser(t, { verified: true });
    const video = await licensableVideo(t, loner.id);
    const { requestId, sessionId } = await requestInCheckout(t, buyer, video);
    await deliverSandboxEvent(t, completedEvent(requestId, sessionId));
    expect((await ledgerOf(t, requestId)).map((row) => row.type)).toEqual([
      'video_license_purchase',
      'video_license_sale',
    ]);
  });
});

describe('events delivered twice, late or out of order', () => {
  it('the same event twice: the second is recognised and writes nothing', async () => {
    const { requestId, sessionId } = await freshSale();
    const event = completedEvent(requestId, sessionId);
    expect((await deliverSandboxEvent(t, event)).json().outcome).toBe('completed');
    const rows = await ledgerOf(t, requestId);
    const events = await paymentEventCount();
    const again = await deliverSandboxEvent(t, event);
    expect(again.statusCode).toBe(200);
    expect(again.json().outcome).toBe('duplicate');
    expect(await ledgerOf(t, requestId)).toEqual(rows);
    expect(await paymentEventCount()).toBe(events);
  });

  it('expired or failed after completed, or another completed: nothing changes', async () => {
    const { requestId, sessionId } = await freshSale();
    await deliverSandboxEvent(t, completedEvent(requestId, sessionId));
    const rows = await ledgerOf(t, requestId);
    for (const type of ['expired', 'failed', 'completed'] as const) {
      const late = signedEvent(t, { type, sessionId, requestId, amountCents: 4900, currency: 'EUR' });
      const response = await deliverSandboxEvent(t, late);
      expect(response.statusCode).toBe(200);
      expect(response.json().outcome).toBe('out_of_order');
    }
    expect(await statusOf(t, requestId)).toBe('completed');
    expect(await ledgerOf(t, requestId)).toEqual(rows);
  });

  it('a failed or expired payment returns the request to awaiting payment, and the buyer may pay again', async () => {
    const { requestId, sessionId } = await freshSale();
    const failed = signedEvent(t, {
      type: 'failed',
      sessionId,
      requestId,
      amountCents: 4900,
      currency: 'EUR',
    });
    expect((await deliverSandboxEvent(t, failed)).json().outcome).toBe('reopened');
    expect(await statusOf(t, requestId)).toBe('awaiting_payment');
    expect(await ledgerOf(t, requestId)).toEqual([]);
    // A late "completed" of the same session after it went back: the session is no longer in checkout,
    // so the money it took buys nothing and goes back to the buyer.
    expect((await deliverSandboxEvent(t, completedEvent(requestId, sessionId))).json().outcome).toBe(
      'closed_session',
    );
    expect(await statusOf(t, requestId)).toBe('awaiting_payment');
    expect(await ledgerOf(t, requestId)).toEqual([]);
    expect(await eventOutcomesOf(t, requestId)).toEqual(['reopened', 'closed_session_refunded']);
  });

  it('a payment that arrives after the buyer cancelled the request is given back', async () => {
    const { requestId, sessionId } = await freshSale();
    const cancelled = await t.send('POST', `/api/license-requests/${requestId}/cancel`, {
      cookie: buyer.cookie,
      payload: {},
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await deliverSandboxEvent(t, completedEvent(requestId, sessionId))).json().outcome).toBe(
      'closed_session',
    );
    expect(await statusOf(t, requestId)).toBe('cancelled');
    expect(await ledgerOf(t, requestId)).toEqual([]);
    expect(await eventOutcomesOf(t, requestId)).toEqual(['closed_session_refunded']);
  });

  it('a payment in a replaced checkout session changes nothing and is given back', async () => {
    const { requestId, sessionId } = await freshSale();
    const { requestId: _same, ...replaced } = await requestInCheckoutAgain(requestId);
    expect(replaced.sessionId).not.toBe(sessionId);
    expect((await deliverSandboxEvent(t, completedEvent(requestId, sessionId))).json().outcome).toBe(
      'stale_session',
    );
    expect(await statusOf(t, requestId)).toBe('processing_payment');
    expect(await ledgerOf(t, requestId)).toEqual([]);
    expect(await eventOutcomesOf(t, requestId)).toEqual(['stale_session_refunded']);
    expect((await deliverSandboxEvent(t, completedEvent(requestId, replaced.sessionId))).json().outcome).toBe(
      'completed',
    );
  });
});

/** The buyer clicks Pay again while the first checkout is open: a new session replaces it. */
async function requestInCheckoutAgain(requestId: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/license-requests/${requestId}/checkout`,
    headers: { origin: t.config.publicUrl, cookie: buyer.cookie },
  });
  expect(response.statusCode).toBe(200);
  const row = await t.db
    .selectFrom('license_requests')
    .select('checkout_session_id')
    .where('id', '=', requestId)
    .executeTakeFirstOrThrow();
  return { requestId, sessionId: row.checkout_session_id as string };
}

describe('refused events', () => {
  it('an amount or currency other than the quote buys nothing: given back, the request open to pay again', async () => {
    for (const wrong of [{ amountCents: 100 }, { currency: 'USD' }]) {
      const { requestId, sessionId } = await freshSale();
      const response = await deliverSandboxEvent(t, completedEvent(requestId, sessionId, wrong));
      expect(response.statusCode).toBe(200);
      expect(response.json().outcome).toBe('amount_mismatch');
      expect(await statusOf(t, requestId)).toBe('awaiting_payment');
      expect(await ledgerOf(t, requestId)).toEqual([]);
      expect(await eventOutcomesOf(t, requestId)).toEqual(['amount_mismatch_refunded']);
    }
  });

  it('unsigned, forged, re-signed with another key, tampered or stale: 400 and nothing written', async () => {
    const { requestId, sessionId } = await freshSale();
    const genuine = completedEvent(requestId, sessionId);
    const events = await paymentEventCount();
    const tampered = genuine.payload.replace('"amountCents":4900', '"amountCents":1');
    const otherKey = `t=${Math.floor(Date.now() / 1000)},v1=${'ab'.repeat(32)}`;
    const attempts = [
      { payload: genuine.payload },
      { payload: genuine.payload, signature: '' },
      { payload: genuine.payload, signature: otherKey },
      { payload: tampered, signature: genuine.signature },
      { payload: 'not json', signature: genuine.signature },
    ];
    for (const attempt of attempts) {
      const response = await deliverSandboxEvent(t, attempt);
      expect(response.statusCode, JSON.stringify(attempt)).toBe(400);
      expect(response.json().code).toBe('PAYMENT_SIGNATURE_INVALID');
    }
    // A genuine signature that is older than five minutes is a replay of a captured delivery.
    t.clock.advance(6 * 60 * 1000);
    expect((await deliverSandboxEvent(t, genuine)).statusCode).toBe(400);
    expect(await paymentEventCount()).toBe(events);
    expect(await statusOf(t, requestId)).toBe('processing_payment');
    expect(await ledgerOf(t, requestId)).toEqual([]);
  });

  it('the webhook of a provider that is not configured does not exist; an unknown one is refused', async () => {
    const stripe = await t.app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', payload: '{}' });
    expect(stripe.statusCode).toBe(404);
    const other = await t.app.inject({ method: 'POST', url: '/api/payments/paypal/webhook', payload: '{}' });
    expect(other.statusCode).toBe(400);
  });
});
