import { expect } from 'vitest';
import { inTransaction } from '../../server/repositories/executor';
import { ledgerRepository } from '../../server/repositories/ledger.repository';
import { checkBooks } from '../../server/services/earnings/books-check';
import { checkLedger } from '../../server/services/earnings/ledger-check';
import { reverseSale } from '../../server/services/licensing/license-sale';
import { createUserRow, createVideo } from './factories';
import { createLicenseRequest } from './licensing-factories';
import type { TestApp } from './test-app';

const DAY = 24 * 60 * 60 * 1000;

/**
 * A completed sale of one of the creator's videos, written by the ledger repository as the payment flow
 * writes it: the buyer's purchase at twice `amountCents` and the creator's half, `amountCents`, available
 * `availableInDays` from now (negative: already past the withdrawal delay). Returns the license request id.
 */
export async function saleEarning(
  t: TestApp,
  creatorId: string,
  options: { amountCents: number; availableInDays: number; currency?: string },
) {
  const videoId = await createVideo(t.db, creatorId, { status: 'ready' });
  const buyerId = await createUserRow(t.db);
  const currency = options.currency ?? 'EUR';
  const priceCents = options.amountCents * 2;
  const requestId = await createLicenseRequest(t.db, {
    videoId,
    buyerId,
    status: 'completed',
    priceCents,
    currency,
    creatorSharePercent: 50,
  });
  const ledger = ledgerRepository(t.db);
  await ledger.add({
    userId: buyerId,
    type: 'video_license_purchase',
    amountCents: priceCents,
    currency,
    licenseRequestId: requestId,
  });
  await ledger.add({
    userId: creatorId,
    type: 'video_license_sale',
    amountCents: options.amountCents,
    currency,
    licenseRequestId: requestId,
    availableAt: new Date(t.clock.now().getTime() + options.availableInDays * DAY),
  });
  return requestId;
}

/** Refunds a completed sale as a manager's refund does (its rows undone, the request marked refunded). */
export async function refundSale(t: TestApp, requestId: string) {
  const manager = await createUserRow(t.db);
  const refund = { by: manager, at: t.clock.now(), reason: 'Refunded in a test', reference: 're_test' };
  const rows = await inTransaction(t.db, (trx) => reverseSale(trx, requestId, refund));
  if (!rows) throw new Error(`${requestId} was not a completed sale`);
}

/**
 * The ledger invariants (`npm run ledger:check`): every balance recomputed from the rows equals what the
 * screens show, and the books balance (every sale conserves its price, every counter-row undoes one row).
 */
export async function expectLedgerHolds(t: TestApp) {
  const differences = await checkLedger(t.db, t.clock.now());
  if (differences.length > 0) throw new Error(`ledger check failed: ${JSON.stringify(differences)}`);
  expect((await checkBooks(t.db)).breaches).toEqual([]);
}

/** After a money test file: the ledger holds on everything it wrote, then the app closes. */
export async function closeHoldingTheLedger(t: TestApp) {
  try {
    await expectLedgerHolds(t);
  } finally {
    await t.close();
  }
}

export const bankTransfer = (amountCents: number) => ({
  method: 'bank_transfer' as const,
  amountCents,
  currency: 'EUR' as const,
  iban: 'CY17 0020 0128 0000 0012 0052 7600',
  holder: 'Maria Konstantinou',
});

export const paypal = (amountCents: number) => ({
  method: 'paypal' as const,
  amountCents,
  currency: 'EUR' as const,
  email: 'maria@example.com',
});
