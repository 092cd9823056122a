import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeHoldingTheLedger,
  expectLedgerHolds,
  paypal,
  saleEarning,
} from '../../../tests/support/earnings';
import { createUser } from '../../../tests/support/factories';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

/**
 * Withdrawal requests sent at once over real HTTP connections to the listening app. On PostgreSQL they
 * truly overlap and the user's ledger lock serialises them; on the embedded database its one connection
 * takes them in turn. Either way the balance can never be overdrawn.
 */
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(() => closeHoldingTheLedger(t));

// One round: the endpoint allows 30 requests a quarter-hour per client, and these all come from one.
const ROUNDS = 1;

describe('withdrawal races', () => {
  it('20 requests of 80.00 against an available 100.00: exactly one accepted, 19 refused', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const creator = await createUser(t, { verified: true });
      await saleEarning(t, creator.id, { amountCents: 10_000, availableInDays: -1 });
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          fetch(`${base}/api/me/withdrawal-requests`, {
            method: 'POST',
            headers: {
              origin: t.config.publicUrl,
              cookie: creator.cookie,
              'content-type': 'application/json',
            },
            body: JSON.stringify(paypal(8000)),
          }).then(async (response) => ({ status: response.status, body: await response.json() })),
        ),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([201, ...Array(19).fill(409)]);
      expect(
        answers
          .filter((answer) => answer.status === 409)
          .every((answer) => answer.body.code === 'INSUFFICIENT_BALANCE'),
      ).toBe(true);
      const requests = await t.db
        .selectFrom('withdrawal_requests')
        .select('id')
        .where('user_id', '=', creator.id)
        .execute();
      expect(requests).toHaveLength(1);
      const rows = await t.db
        .selectFrom('transactions')
        .select(['status', 'amount_cents'])
        .where('user_id', '=', creator.id)
        .where('type', '=', 'withdrawal')
        .execute();
      expect(rows).toEqual([{ status: 'pending', amount_cents: 8000 }]);
      await expectLedgerHolds(t);
    }
  }, 120_000);
});
