import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paypal } from '../../../tests/support/earnings';
import { createUser } from '../../../tests/support/factories';
import { licensableVideo, requestInCheckout } from '../../../tests/support/license-payments';
import { deliverSandboxEvent, signedEvent } from '../../../tests/support/payments';
import { requestAs } from '../../../tests/support/requests';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { checkLedger } from './ledger-check';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

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
