import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeHoldingTheLedger, expectLedgerHolds } from '../../tests/support/earnings';
import { createUser, type TestUser } from '../../tests/support/factories';
import { ledgerOf, licensableVideo, requestInCheckout, statusOf } from '../../tests/support/license-payments';
import { createLicenseRequest } from '../../tests/support/licensing-factories';
import { deliverSandboxEvent, eventOutcomesOf, signedEvent } from '../../tests/support/payments';
import { requestAs } from '../../tests/support/requests';
import { createTestApp, type TestApp } from '../../tests/support/test-app';

/**
 * Payments sent together with Promise.all, a few rounds each. On PostgreSQL they truly overlap (the row
 * lock of the request, the event's primary key and the ledger's unique indexes decide); on the embedded
 * database they take turns on its one connection, which must give the same result.
 */
let t: TestApp;
let send: ReturnType<typeof requestAs>;
let buyer: TestUser;
let otherBuyer: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  send = requestAs(t);
  buyer = await createUser(t, { verified: true });
  otherBuyer = await createUser(t, { verified: true });
}, 60_000);
// The ledger invariant holds after the money these tests moved.
afterEach(() => expectLedgerHolds(t));
afterAll(() => closeHoldingTheLedger(t));

const ROUNDS = 4;

const completed = (requestId: string, sessionId: string, id?: string) =>
  signedEvent(t, { id, type: 'completed', sessionId, requestId, amountCents: 4900, currency: 'EUR' });

/** A creator with a referrer and one video, so their first sale earns the referrer a bonus. */
async function referredCreator() {
  const referrer = await createUser(t, { verified: true });
  const creator = await createUser(t, { verified: true });
  await t.db.updateTable('users').set({ referrer_id: referrer.id }).where('id', '=', creator.id).execute();
  return { referrer, creator };
}

const bonusesOf = (referrerId: string) =>
  t.db
    .selectFrom('transactions')
    .selectAll()
    .where('user_id', '=', referrerId)
    .where('type', '=', 'video_license_sale_referral_bonus')
    .execute();

describe('payment races', () => {
  it('two first sales of one creator completing at once: both complete, exactly one referral bonus', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { referrer, creator } = await referredCreator();
      const first = await requestInCheckout(t, buyer, await licensableVideo(t, creator.id));
      const second = await requestInCheckout(t, otherBuyer, await licensableVideo(t, creator.id));
      const answers = await Promise.all([
        deliverSandboxEvent(t, completed(first.requestId, first.sessionId)),
        deliverSandboxEvent(t, completed(second.requestId, second.sessionId)),
      ]);
      expect(answers.map((answer) => answer.json().outcome)).toEqual(['completed', 'completed']);
      expect(await statusOf(t, first.requestId)).toBe('completed');
      expect(await statusOf(t, second.requestId)).toBe('completed');
      const bonuses = await bonusesOf(referrer.id);
      expect(bonuses).toHaveLength(1);
      expect(Number(bonuses[0]?.amount_cents)).toBe(490);
      // Each sale still has its purchase and creator share.
      for (const sale of [first, second]) {
        const types = (await ledgerOf(t, sale.requestId)).map((row) => row.type);
        expect(types.filter((type) => type !== 'video_license_sale_referral_bonus')).toEqual([
          'video_license_purchase',
          'video_license_sale',
        ]);
      }
    }
  });

  it('the same event delivered three times at once: one completion, one set of ledger rows', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { referrer, creator } = await referredCreator();
      const sale = await requestInCheckout(t, buyer, await licensableVideo(t, creator.id));
      const event = completed(sale.requestId, sale.sessionId);
      const answers = await Promise.all([1, 2, 3].map(() => deliverSandboxEvent(t, event)));
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
      expect(answers.map((answer) => answer.json().outcome).sort()).toEqual([
        'completed',
        'duplicate',
        'duplicate',
      ]);
      expect((await ledgerOf(t, sale.requestId)).map((row) => row.type)).toEqual([
        'video_license_purchase',
        'video_license_sale',
        'video_license_sale_referral_bonus',
      ]);
      expect(await bonusesOf(referrer.id)).toHaveLength(1);
    }
  });

  it('completed and expired of one session at once: whichever is first wins; a payment after the close is given back', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { creator } = await referredCreator();
      const sale = await requestInCheckout(t, buyer, await licensableVideo(t, creator.id));
      const expired = signedEvent(t, {
        type: 'expired',
        sessionId: sale.sessionId,
        requestId: sale.requestId,
        amountCents: 4900,
        currency: 'EUR',
      });
      const answers = await Promise.all([
        deliverSandboxEvent(t, completed(sale.requestId, sale.sessionId)),
        deliverSandboxEvent(t, expired),
      ]);
      const outcomes = answers.map((answer) => answer.json().outcome);
      const status = await statusOf(t, sale.requestId);
      const rows = await ledgerOf(t, sale.requestId);
      if (outcomes[0] === 'completed') {
        expect(outcomes[1]).toBe('out_of_order');
        expect(status).toBe('completed');
        expect(rows.length).toBe(3);
      } else {
        // The session closed first: the payment, coming after, buys nothing and is given back.
        expect(outcomes).toEqual(['closed_session', 'reopened']);
        expect(status).toBe('awaiting_payment');
        expect(rows).toEqual([]);
        expect(await eventOutcomesOf(t, sale.requestId)).toContain('closed_session_refunded');
      }
    }
  });

  it('two expiry sweeps and a late payment at once: the request completes or reopens, once', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { creator } = await referredCreator();
      const sale = await requestInCheckout(t, buyer, await licensableVideo(t, creator.id));
      t.clock.advance(66 * 60_000);
      // A payment the provider took at the last moment arrives while two instances sweep.
      const payment = completed(sale.requestId, sale.sessionId);
      const sweep = () => t.app.services.licenseCheckout.expireCheckouts();
      let answers: [Awaited<ReturnType<typeof deliverSandboxEvent>>, number, number];
      try {
        answers = await Promise.all([deliverSandboxEvent(t, payment), sweep(), sweep()]);
      } finally {
        t.clock.advance(-66 * 60_000);
      }
      const [delivered, reopenedA, reopenedB] = answers;
      const status = await statusOf(t, sale.requestId);
      const rows = await ledgerOf(t, sale.requestId);
      if (delivered.json().outcome === 'completed') {
        expect(status).toBe('completed');
        expect(rows.length).toBe(3);
      } else {
        // The checkout closed first: the late payment buys nothing and is given back.
        expect(delivered.json().outcome).toBe('closed_session');
        expect(reopenedA + reopenedB).toBeGreaterThanOrEqual(1);
        expect(status).toBe('awaiting_payment');
        expect(rows).toEqual([]);
        expect(await eventOutcomesOf(t, sale.requestId)).toContain('closed_session_refunded');
      }
    }
  });

  it('two Pay clicks at once: one checkout session stands, the other click gets 200 or 409', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { creator } = await referredCreator();
      const id = await createLicenseRequest(t.db, {
        videoId: await licensableVideo(t, creator.id),
        buyerId: buyer.id,
      });
      const answers = await Promise.all(
        [1, 2].map(() => send('POST', `/api/license-requests/${id}/checkout`, buyer)),
      );
      const codes = answers.map((answer) => answer.statusCode).sort();
      expect([
        [200, 200],
        [200, 409],
      ]).toContainEqual(codes);
      const row = await t.db
        .selectFrom('license_requests')
        .select(['status', 'checkout_session_id'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('processing_payment');
      // The session the request keeps is one that a 200 handed out, and its checkout page opens.
      const urls = answers.filter((answer) => answer.statusCode === 200).map((answer) => answer.json().url);
      expect(urls.some((url: string) => url.endsWith(row.checkout_session_id as string))).toBe(true);
    }
  });
});
