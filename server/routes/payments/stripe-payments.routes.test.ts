import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeHoldingTheLedger, expectLedgerHolds } from '../../../tests/support/earnings';
import { createUser, type TestUser } from '../../../tests/support/factories';
import { startFakeStripe } from '../../../tests/support/fake-stripe-server';
import { ledgerOf, licensableVideo, startCheckout, statusOf } from '../../../tests/support/license-payments';
import { createLicenseRequest } from '../../../tests/support/licensing-factories';
import { eventOutcomesOf } from '../../../tests/support/payments';
import { requestAs } from '../../../tests/support/requests';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { stripePayments } from '../../adapters/payments/stripe-payments';

/**
 * The Stripe driver through the whole app, against a local stand-in for Stripe's API (Stripe itself is
 * not reachable from the test machines), with webhook events signed by the SDK's own test helper.
 */
const WEBHOOK_SECRET = 'whsec_test_secret_for_the_stand_in';
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let t: TestApp;
let send: ReturnType<typeof requestAs>;
let buyer: TestUser;
let videoId: string;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.url,
  });
  send = requestAs(t);
  const creator = await createUser(t, { verified: true });
  buyer = await createUser(t, { verified: true });
  videoId = await licensableVideo(t, creator.id);
}, 60_000);
afterAll(async () => {
  await closeHoldingTheLedger(t);
  await fake.close();
});

const newRequest = () => createLicenseRequest(t.db, { videoId, buyerId: buyer.id });

let events = 0;
/** A Stripe event about a session, signed as Stripe signs (or with another secret: a forgery). */
function stripeEvent(type: string, session: Record<string, unknown>, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify({
    id: `evt_test_${++events}_${Date.now()}`,
    object: 'event',
    type,
    data: { object: { object: 'checkout.session', ...session } },
  });
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

const deliver = (event: { payload: string; signature?: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: {
      'content-type': 'application/json',
      ...(event.signature !== undefined && { 'stripe-signature': event.signature }),
    },
    payload: event.payload,
  });

const paidSession = (requestId: string, sessionId: string, extra: Record<string, unknown> = {}) => ({
  id: sessionId,
  payment_status: 'paid',
  amount_total: 4900,
  currency: 'eur',
  metadata: { license_request_id: requestId },
  client_reference_id: requestId,
  ...extra,
});

describe('Stripe Checkout', () => {
  it('opens a session with the quote, the request id in metadata and the way back to the request', async () => {
    const id = await newRequest();
    const { url, sessionId } = await startCheckout(t, buyer, id);
    expect(url).toBe(`https://checkout.stripe.test/c/pay/${sessionId}`);
    const form = fake.sessions.get(sessionId)?.form;
    expect(form?.get('mode')).toBe('payment');
    expect(form?.get('line_items[0][price_data][unit_amount]')).toBe('4900');
    expect(form?.get('line_items[0][price_data][currency]')).toBe('eur');
    expect(form?.get('metadata[license_request_id]')).toBe(id);
    expect(form?.get('success_url')).toBe(`${t.config.publicUrl}/me/licenses/${id}`);
    expect(form?.get('cancel_url')).toBe(`${t.config.publicUrl}/me/licenses/${id}`);
    expect(form?.get('customer_email')).toBe(buyer.email);
    // The session takes payment for an hour (Stripe allows 30 minutes to 24 hours).
    const expiresIn = Number(form?.get('expires_at')) - t.clock.now().getTime() / 1000;
    expect(expiresIn).toBeGreaterThan(3590);
    expect(expiresIn).toBeLessThanOrEqual(3600);
    expect(await statusOf(t, id)).toBe('processing_payment');
  });

  it('checkout.session.completed (paid) completes the request and writes the ledger once', async () => {
    const id = await newRequest();
    const { sessionId } = await startCheckout(t, buyer, id);
    const event = stripeEvent('checkout.session.completed', paidSession(id, sessionId));
    expect((await deliver(event)).json()).toEqual({ received: true, outcome: 'completed' });
    expect((await deliver(event)).json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(await statusOf(t, id)).toBe('completed');
    expect((await ledgerOf(t, id)).map((row) => [row.type, Number(row.amount_cents)])).toEqual([
      ['video_license_purchase', 4900],
      ['video_license_sale', 2450],
    ]);
    // An expiry delivered late changes nothing.
    const late = stripeEvent(
      'checkout.session.expired',
      paidSession(id, sessionId, { payment_status: 'unpaid' }),
    );
    expect((await deliver(late)).json().outcome).toBe('out_of_order');
    expect(await statusOf(t, id)).toBe('completed');
  });

  it('a delayed payment completes on async_payment_succeeded, not before', async () => {
    const id = await newRequest();
    const { sessionId } = await startCheckout(t, buyer, id);
    const pending = stripeEvent(
      'checkout.session.completed',
      paidSession(id, sessionId, { payment_status: 'unpaid' }),
    );
    expect((await deliver(pending)).json().outcome).toBe('ignored');
    expect(await statusOf(t, id)).toBe('processing_payment');
    const succeeded = stripeEvent('checkout.session.async_payment_succeeded', paidSession(id, sessionId));
    expect((await deliver(succeeded)).json().outcome).toBe('completed');
  });

  it.each(['checkout.session.expired', 'checkout.session.async_payment_failed'])(
    '%s returns the request to awaiting payment',
    async (type) => {
      const id = await newRequest();
      const { sessionId } = await startCheckout(t, buyer, id);
      const event = stripeEvent(type, paidSession(id, sessionId, { payment_status: 'unpaid' }));
      expect((await deliver(event)).json().outcome).toBe('reopened');
      expect(await statusOf(t, id)).toBe('awaiting_payment');
      expect(await ledgerOf(t, id)).toEqual([]);
    },
  );

  it('an amount other than the quote buys nothing: it is given back, and the buyer may pay the quote again', async () => {
    const id = await newRequest();
    const { sessionId } = await startCheckout(t, buyer, id);
    const event = stripeEvent(
      'checkout.session.completed',
      paidSession(id, sessionId, { amount_total: 100 }),
    );
    const session = fake.sessions.get(sessionId);
    if (session) session.status = 'complete'; // paid at Stripe, 1.00 instead of 49.00
    const paymentIntent = session?.paymentIntent;
    const givenBack = () => fake.refunds.filter((refund) => refund.paymentIntent === paymentIntent);
    // Stripe down at that moment: 502, so Stripe delivers the event again; nothing is given back yet.
    fake.state.failing = true;
    try {
      expect((await deliver(event)).statusCode).toBe(502);
    } finally {
      fake.state.failing = false;
    }
    expect(givenBack()).toEqual([]);
    expect(await eventOutcomesOf(t, id)).toEqual(['amount_mismatch']);
    expect(await statusOf(t, id)).toBe('awaiting_payment');
    expect(await ledgerOf(t, id)).toEqual([]);
    // The redelivery gives the payment back, once; another one changes nothing.
    expect((await deliver(event)).json().outcome).toBe('duplicate');
    expect(givenBack()).toMatchObject([{ amount: 100, idempotencyKey: `license-refund-${sessionId}` }]);
    expect(await eventOutcomesOf(t, id)).toEqual(['amount_mismatch_refunded']);
    expect((await deliver(event)).json().outcome).toBe('duplicate');
    expect(givenBack()).toHaveLength(1);
    // The buyer pays the quote in a new checkout.
    const again = await startCheckout(t, buyer, id);
    const paid = stripeEvent('checkout.session.completed', paidSession(id, again.sessionId));
    expect((await deliver(paid)).json().outcome).toBe('completed');
    expect(await statusOf(t, id)).toBe('completed');
  });

  it('a forged or unsigned event is refused with 400 and nothing is recorded', async () => {
    const id = await newRequest();
    const { sessionId } = await startCheckout(t, buyer, id);
    const forged = stripeEvent(
      'checkout.session.completed',
      paidSession(id, sessionId),
      'whsec_someone_else',
    );
    const count = async () => (await t.db.selectFrom('payment_events').select('event_id').execute()).length;
    const before = await count();
    for (const attempt of [forged, { payload: forged.payload }]) {
      const response = await deliver(attempt);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('PAYMENT_SIGNATURE_INVALID');
    }
    expect(await count()).toBe(before);
    expect(await statusOf(t, id)).toBe('processing_payment');
  });

  it('events Stripe sends that are not about a checkout are acknowledged and ignored', async () => {
    const event = stripeEvent('payment_intent.created', { id: 'pi_test' });
    expect((await deliver(event)).json()).toEqual({ received: true, outcome: 'ignored' });
  });

  it('paying again expires the open session at Stripe first; a session already paid gives 409', async () => {
    const id = await newRequest();
    const first = await startCheckout(t, buyer, id);
    const second = await startCheckout(t, buyer, id);
    expect(fake.sessions.get(first.sessionId)?.status).toBe('expired');
    expect(second.sessionId).not.toBe(first.sessionId);
    // The buyer paid in the second tab and clicks Pay once more before the webhook arrived.
    const session = fake.sessions.get(second.sessionId);
    if (session) session.status = 'complete';
    const third = await send('POST', `/api/license-requests/${id}/checkout`, buyer);
    expect(third.statusCode).toBe(409);
    expect(third.json().code).toBe('PAYMENT_IN_PROGRESS');
    expect(
      (
        await t.db
          .selectFrom('license_requests')
          .select('checkout_session_id')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).checkout_session_id,
    ).toBe(second.sessionId);
  });

  it('cancelling during checkout expires the session at Stripe first; a paid session is not cancelled (409)', async () => {
    const left = await newRequest();
    const open = await startCheckout(t, buyer, left);
    const cancelled = await send('POST', `/api/license-requests/${left}/cancel`, buyer, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(fake.sessions.get(open.sessionId)?.status).toBe('expired');
    expect(await statusOf(t, left)).toBe('cancelled');

    // Paid in the provider's tab, the webhook not here yet: the money is on its way, the cancel refused.
    const paying = await newRequest();
    const paid = await startCheckout(t, buyer, paying);
    const session = fake.sessions.get(paid.sessionId);
    if (session) session.status = 'complete';
    const refused = await send('POST', `/api/license-requests/${paying}/cancel`, buyer, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('PAYMENT_IN_PROGRESS');
    expect(await statusOf(t, paying)).toBe('processing_payment');
  });

  it('an expired checkout goes back to its buyer once Stripe says it cannot be paid; a paid one waits for its webhook', async () => {
    const left = await newRequest();
    const open = await startCheckout(t, buyer, left);
    const paying = await newRequest();
    const paid = await startCheckout(t, buyer, paying);
    const session = fake.sessions.get(paid.sessionId);
    if (session) session.status = 'complete';
    t.clock.advance(66 * 60_000);
    try {
      await t.app.services.licenseCheckout.expireCheckouts();
    } finally {
      t.clock.advance(-66 * 60_000);
    }
    expect(fake.sessions.get(open.sessionId)?.status).toBe('expired');
    expect(await statusOf(t, left)).toBe('awaiting_payment');
    expect(await statusOf(t, paying)).toBe('processing_payment');
  });

  it('Stripe not answering: 502 PAYMENT_PROVIDER_UNAVAILABLE and the request stays as it was', async () => {
    const id = await newRequest();
    fake.state.failing = true;
    try {
      const response = await send('POST', `/api/license-requests/${id}/checkout`, buyer);
      expect(response.statusCode).toBe(502);
      expect(response.json().code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    } finally {
      fake.state.failing = false;
    }
    expect(await statusOf(t, id)).toBe('awaiting_payment');
  });

  it('the sandbox checkout and its webhook do not exist while Stripe is the provider', async () => {
    const sandbox = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/webhook',
      payload: '{}',
    });
    expect(sandbox.statusCode).toBe(404);
    const page = await send('GET', '/api/payments/sandbox/sessions/cs_sbx_0123456789abcdef', buyer);
    expect(page.statusCode).toBe(404);
  });
});

describe('Stripe refunds', () => {
  afterEach(() => expectLedgerHolds(t));

  /** A request paid at Stripe: the session is complete there, and its event completed the request. */
  async function paidAtStripe() {
    const id = await newRequest();
    const { sessionId } = await startCheckout(t, buyer, id);
    const session = fake.sessions.get(sessionId);
    if (session) session.status = 'complete';
    const event = stripeEvent('checkout.session.completed', paidSession(id, sessionId));
    expect((await deliver(event)).json().outcome).toBe('completed');
    return { id, sessionId, paymentIntent: session?.paymentIntent };
  }
  const refundOf = async (id: string) => {
    const manager = await createUser(t, { verified: true, rights: ['manage_licenses'] });
    return send('POST', `/api/license-requests/${id}/refund`, manager, { reason: 'Bought twice' });
  };

  it('refunds the session’s PaymentIntent once, keyed by the paid session; a retry gets the same refund', async () => {
    const { id, paymentIntent, sessionId } = await paidAtStripe();
    const response = await refundOf(id);
    expect(response.statusCode, response.body).toBe(200);
    const sent = fake.refunds.filter((refund) => refund.paymentIntent === paymentIntent);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      amount: 4900,
      idempotencyKey: `license-refund-${sessionId}`,
      metadata: { license_request_id: id },
    });
    const row = await t.db
      .selectFrom('license_requests')
      .select(['status', 'refund_reference'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'cancelled', refund_reference: sent[0]?.id });

    // The driver asked again (a retry after a lost answer) answers the same refund, and refunds nothing more.
    const driver = await stripePayments({
      secretKey: 'sk_test_fake',
      webhookSecret: WEBHOOK_SECRET,
      apiBase: fake.url,
    });
    const input = { requestId: id, sessionId, amountCents: 4900, currency: 'EUR' };
    const again = await driver.refund(input);
    expect(again.refundId).toBe(sent[0]?.id);
    // After Stripe forgot the key (a day later): refused as already refunded, and that refund answers.
    fake.forgetIdempotencyKeys();
    expect((await driver.refund(input)).refundId).toBe(sent[0]?.id);
    expect(fake.refunds.filter((refund) => refund.paymentIntent === paymentIntent)).toHaveLength(1);
  });

  it('Stripe not answering: 502, the sale stays completed with its rows; a later try refunds it', async () => {
    const { id } = await paidAtStripe();
    fake.state.failing = true;
    try {
      const response = await refundOf(id);
      expect(response.statusCode).toBe(502);
      expect(response.json().code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    } finally {
      fake.state.failing = false;
    }
    expect(await statusOf(t, id)).toBe('completed');
    expect((await ledgerOf(t, id)).filter((row) => row.reverses_id !== null)).toHaveLength(0);
    expect((await refundOf(id)).statusCode).toBe(200);
    expect((await ledgerOf(t, id)).filter((row) => row.reverses_id !== null)).toHaveLength(2);
  });
});
