import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LicenseBundle } from '../../../common/contracts/licenses';
import { closeHoldingTheLedger, expectLedgerHolds } from '../../../tests/support/earnings';
import { createUser, type TestUser } from '../../../tests/support/factories';
import { startFakeStripe } from '../../../tests/support/fake-stripe-server';
import { licensableVideo } from '../../../tests/support/license-payments';
import { licenseRequestBody } from '../../../tests/support/licensing';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { licenseRefundValues } from '../../../tests/support/valid-bodies';
import { stripePayments } from '../../adapters/payments/stripe-payments';

/**
 * A request for several clips (issue 34) paid through the Stripe driver, against the local stand-in for
 * Stripe's API: one Checkout Session for the total naming the bundle, and each clip's refund its own
 * partial refund of the shared PaymentIntent, keyed by the clip's request.
 */
const WEBHOOK_SECRET = 'whsec_test_secret_for_the_stand_in';
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let t: TestApp;
let buyer: TestUser;
let manager: TestUser;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.url,
  });
  buyer = await createUser(t, { verified: true });
  manager = await createUser(t, { verified: true, rights: ['manage_licenses'] });
}, 60_000);
afterEach(() => expectLedgerHolds(t));
afterAll(async () => {
  await closeHoldingTheLedger(t);
  await fake.close();
});

const send = (url: string, who: TestUser, payload?: object) =>
  t.send('POST', url, { cookie: who.cookie, ...(payload && { payload }) });

/** Stripe's `checkout.session.completed` for a paid session, signed as Stripe signs. */
function completed(session: Record<string, unknown>) {
  const payload = JSON.stringify({
    id: `evt_test_${crypto.randomUUID()}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: { object: { object: 'checkout.session', payment_status: 'paid', currency: 'eur', ...session } },
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
    payload,
  });
}

describe('a bundle paid with Stripe', () => {
  it('one session for the total names the bundle; each clip is refunded as its own part', async () => {
    const videos = [
      await licensableVideo(t, (await createUser(t, { verified: true })).id, 'Pier at noon'),
      await licensableVideo(t, (await createUser(t, { verified: true })).id, 'Boats in a row'),
    ];
    const collection = (
      await t.send('POST', '/api/me/collections', { cookie: buyer.cookie, payload: { name: 'Picks' } })
    ).json().id;
    for (const videoId of videos) {
      await t.send('PUT', `/api/me/collections/${collection}/items/${videoId}`, {
        cookie: buyer.cookie,
        payload: {},
      });
    }
    const body = { ...(await licenseRequestBody(t.db, buyer.id, 'editorial_web')), videoIds: videos };
    const bundle = (
      await send(`/api/me/collections/${collection}/license-requests`, buyer, body)
    ).json() as LicenseBundle;
    const clips = bundle.clips.map((clip) => clip.id).sort() as [string, string];
    const checkout = await send(`/api/license-bundles/${bundle.id}/checkout`, buyer);
    expect(checkout.statusCode, checkout.body).toBe(200);
    const [sessionId, session] = [...fake.sessions.entries()].at(-1) as [
      string,
      { form: URLSearchParams; status: string },
    ];
    expect(session.form.get('line_items[0][price_data][unit_amount]')).toBe('9800');
    expect(session.form.get('line_items[0][price_data][product_data][name]')).toMatch(/^2 clips \(/);
    expect(session.form.get('metadata[license_bundle_id]')).toBe(bundle.id);
    // Back from the provider to the request for all the clips, paid or not.
    expect(session.form.get('success_url')).toBe(`${t.config.publicUrl}/me/license_bundles/${bundle.id}`);
    expect(session.form.get('cancel_url')).toBe(`${t.config.publicUrl}/me/license_bundles/${bundle.id}`);
    expect(session.form.get('metadata[license_request_id]')).toBe(clips[0]);
    expect(session.form.get('client_reference_id')).toBe(bundle.id);

    session.status = 'complete';
    const paid = await completed({
      id: sessionId,
      amount_total: 9800,
      metadata: { license_request_id: clips[0], license_bundle_id: bundle.id },
      client_reference_id: bundle.id,
    });
    expect(paid.json()).toEqual({ received: true, outcome: 'completed' });

    const one = await send(`/api/license-requests/${clips[0]}/refund`, manager, licenseRefundValues);
    expect(one.statusCode, one.body).toBe(200);
    expect(
      fake.refunds.map((refund) => [
        refund.amount,
        refund.idempotencyKey,
        refund.metadata.license_request_id,
      ]),
    ).toEqual([[4900, `license-refund-${sessionId}-${clips[0]}`, clips[0]]]);
    // A day later Stripe has forgotten the key; a retry of that part still finds its refund, not a new one.
    fake.forgetIdempotencyKeys();
    const driver = await stripePayments({
      secretKey: 'sk_test_fake',
      webhookSecret: WEBHOOK_SECRET,
      apiBase: fake.url,
    });
    const retried = await driver.refund({
      requestId: clips[0],
      sessionId,
      amountCents: 4900,
      currency: 'EUR',
      partial: true,
    });
    expect(retried.refundId).toBe(fake.refunds[0]?.id);

    const rest = await send(`/api/license-bundles/${bundle.id}/refund`, manager, licenseRefundValues);
    expect(rest.statusCode, rest.body).toBe(200);
    expect(fake.refunds.map((refund) => [refund.amount, refund.metadata.license_request_id])).toEqual([
      [4900, clips[0]],
      [4900, clips[1]],
    ]);
  });
});
