import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeHoldingTheLedger, paypal } from '../../../tests/support/earnings';
import { createUser } from '../../../tests/support/factories';
import { licensableVideo, requestInCheckout } from '../../../tests/support/license-payments';
import { deliverSandboxEvent, signedEvent } from '../../../tests/support/payments';
import { requestAs } from '../../../tests/support/requests';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import type { Tx } from '../../repositories/executor';
import { ledgerRepository } from '../../repositories/ledger.repository';
import { checkBooks } from './books-check';
import { checkLedger } from './ledger-check';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => closeHoldingTheLedger(t));

const DAY = 86_400_000;

describe('the ledger check', () => {
  it('holds after a sale with a referral bonus, the delay passing, a withdrawal and its cancel', async () => {
    const send = requestAs(t);
    const referrer = await createUser(t, { verified: true });
    const creator = await createUser(t, { verified: true });
    const buyer = await createUser(t, { verified: true });
    await t.db.updateTable('users').set({ referrer_id: referrer.id }).where('id', '=', creator.id).execute();

    // A real sale through checkout and the provider's signed event: purchase, sale and bonus rows.
    const sale = await requestInCheckout(t, buyer, await licensableVideo(t, creator.id), {
      priceCents: 20_000,
    });
    const event = signedEvent(t, {
      type: 'completed',
      sessionId: sale.sessionId,
      requestId: sale.requestId,
      amountCents: 20_000,
      currency: 'EUR',
    });
    expect((await deliverSandboxEvent(t, event)).json().outcome).toBe('completed');
    expect(await checkLedger(t.db, t.clock.now())).toEqual([]);

    // The withdrawal delay passes: the creator's 100.00 share becomes available.
    t.clock.advance(31 * DAY);
    const balances = (await send('GET', '/api/me/balances', creator)).json().balances;
    expect(balances).toEqual([
      { currency: 'EUR', availableCents: 10_000, pendingCents: 0, reservedCents: 0 },
    ]);

    const created = await send('POST', '/api/me/withdrawal-requests', creator, paypal(8000));
    expect(created.statusCode).toBe(201);
    expect(await checkLedger(t.db, t.clock.now())).toEqual([]);
    await send('POST', `/api/me/withdrawal-requests/${created.json().id}/cancel`, creator);
    expect(await checkLedger(t.db, t.clock.now())).toEqual([]);
    // And as the command sees it, at the real time (everything still inside the delay there).
    expect(await checkLedger(t.db)).toEqual([]);
  });
});

describe('the books', () => {
  /** A sale through checkout and the provider's signed event, with a referral bonus. */
  async function referredSale(priceCents: number) {
    const referrer = await createUser(t, { verified: true });
    const creator = await createUser(t, { verified: true });
    const buyer = await createUser(t, { verified: true });
    await t.db.updateTable('users').set({ referrer_id: referrer.id }).where('id', '=', creator.id).execute();
    const sale = await requestInCheckout(t, buyer, await licensableVideo(t, creator.id), { priceCents });
    const event = signedEvent(t, {
      type: 'completed',
      sessionId: sale.sessionId,
      requestId: sale.requestId,
      amountCents: priceCents,
      currency: 'EUR',
    });
    expect((await deliverSandboxEvent(t, event)).json().outcome).toBe('completed');
    return sale.requestId;
  }

  /** The books as they would read after `tamper`, which is rolled back. */
  async function breachesAfter(tamper: (trx: Tx) => Promise<unknown>): Promise<string[]> {
    let breaches: string[] = [];
    await t.db
      .transaction()
      .execute(async (trx) => {
        await tamper(trx);
        breaches = (await checkBooks(trx)).breaches;
        throw new Error('roll back');
      })
      .catch(() => undefined);
    return breaches;
  }

  const rowOf = async (requestId: string, type: string) =>
    (await ledgerRepository(t.db).forRequest(requestId)).find(
      (row) => row.type === type && !row.reverses_id,
    )!;

  it('balance after sales and a refund: what buyers paid is what creators, referrers and the platform got', async () => {
    const before = (await checkBooks(t.db)).platform.find((books) => books.currency === 'EUR');
    const kept = await referredSale(20_000); // 100.00 to the creator, 20.00 bonus, 80.00 kept
    const refunded = await referredSale(10_000);
    const admin = await createUser(t, { verified: true, rights: ['admin'] });
    const refund = await requestAs(t)('POST', `/api/license-requests/${refunded}/refund`, admin, {
      reason: 'The clip was already licensed elsewhere.',
    });
    expect(refund.statusCode).toBe(200);

    const report = await checkBooks(t.db);
    expect(report.breaches).toEqual([]);
    const eur = report.platform.find((books) => books.currency === 'EUR')!;
    expect(eur.paidCents - (before?.paidCents ?? 0)).toBe(20_000);
    expect(eur.earnedCents - (before?.earnedCents ?? 0)).toBe(12_000);
    expect(eur.keptCents - (before?.keptCents ?? 0)).toBe(8_000);
    expect((await ledgerRepository(t.db).forRequest(kept)).length).toBe(3);
  });

  it('name each way a sale or a counter-row can break them', async () => {
    const requestId = await referredSale(20_000);
    const sale = await rowOf(requestId, 'video_license_sale');
    const purchase = await rowOf(requestId, 'video_license_purchase');
    const update = (trx: Tx, id: string, cents: number) =>
      trx.updateTable('transactions').set({ amount_cents: cents }).where('id', '=', id).execute();

    expect(await breachesAfter((trx) => update(trx, sale.id, 19_000))).toEqual([
      `license request ${requestId}: shares of 210.00 EUR exceed the 200.00 EUR paid`,
    ]);
    expect(await breachesAfter((trx) => update(trx, purchase.id, 19_900))).toEqual([
      `license request ${requestId}: the buyer paid 199.00 EUR, the price is 20000`,
    ]);
    // A counter-row of the sale alone: the request was not refunded, and a refund undoes every row.
    const counterRow = (trx: Tx) =>
      ledgerRepository(trx).addReversal(sale.id, { createdBy: sale.user_id, reason: 'x' });
    expect(await breachesAfter(counterRow)).toEqual([
      `license request ${requestId} has counter-rows but was not refunded`,
    ]);
    expect(
      await breachesAfter(async (trx) => {
        const id = await counterRow(trx);
        await update(trx, id, 5);
      }),
    ).toEqual([
      expect.stringMatching(/^row .* does not copy the row it reverses/),
      `license request ${requestId} has counter-rows but was not refunded`,
    ]);
    expect(
      await breachesAfter((trx) =>
        trx
          .updateTable('license_requests')
          .set({ refunded_at: new Date() })
          .where('id', '=', requestId)
          .execute(),
      ),
    ).toEqual([`license request ${requestId} was refunded but a row of its sale stands`]);
    expect(
      await breachesAfter((trx) => trx.deleteFrom('transactions').where('id', '=', purchase.id).execute()),
    ).toEqual([`license request ${requestId} has earnings but no purchase`]);
    expect((await checkBooks(t.db)).breaches).toEqual([]);
  });
});
