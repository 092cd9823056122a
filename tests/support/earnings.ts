import { ledgerRepository } from '../../server/repositories/ledger.repository';
import { checkLedger } from '../../server/services/earnings/ledger-check';
import { createUserRow, createVideo } from './factories';
import { createLicenseRequest } from './licensing-factories';
import type { TestApp } from './test-app';

const DAY = 24 * 60 * 60 * 1000;

/**
 * A completed sale of one of the creator's videos, written by the ledger repository as the payment flow
 * writes it: `amountCents` is the creator's share, available `availableInDays` from now (negative: already
 * past the withdrawal delay). Returns the licence request id.
 */
export async function saleEarning(
  t: TestApp,
  creatorId: string,
  options: { amountCents: number; availableInDays: number; currency?: string },
) {
  const videoId = await createVideo(t.db, creatorId, { status: 'ready' });
  const buyerId = await createUserRow(t.db);
  const requestId = await createLicenseRequest(t.db, { videoId, buyerId, status: 'completed' });
  await ledgerRepository(t.db).add({
    userId: creatorId,
    type: 'video_license_sale',
    amountCents: options.amountCents,
    currency: options.currency ?? 'EUR',
    licenseRequestId: requestId,
    availableAt: new Date(t.clock.now().getTime() + options.availableInDays * DAY),
  });
  return requestId;
}

/** The ledger invariant: every balance recomputed from the rows equals what the screens show. */
export async function expectLedgerHolds(t: TestApp) {
  const differences = await checkLedger(t.db, t.clock.now());
  if (differences.length > 0) throw new Error(`ledger check failed: ${JSON.stringify(differences)}`);
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
