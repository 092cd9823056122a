import { describe, expect, it } from 'vitest';
import { isLicenseManager } from './license.policy';
import { canPay, canReceiveCertificate, canReceiveOriginal } from './license-payment.policy';

const buyer = { id: 'buyer', rights: [] };
const stranger = { id: 'someone', rights: [] };
const request = (status: string) => ({ buyerId: 'buyer', status });

describe('license payment policy', () => {
  it('knows license managers: admins and manage_licenses, not manage_videos', () => {
    expect(isLicenseManager({ rights: ['admin'] })).toBe(true);
    expect(isLicenseManager({ rights: ['manage_licenses'] })).toBe(true);
    expect(isLicenseManager({ rights: ['manage_videos'] })).toBe(false);
    expect(isLicenseManager(null)).toBe(false);
  });

  it('lets only the buyer pay, and only before the payment is done', () => {
    expect(canPay(buyer, request('awaiting_payment'))).toBe(true);
    expect(canPay(buyer, request('processing_payment'))).toBe(true);
    for (const status of ['open', 'completed', 'cancelled'])
      expect(canPay(buyer, request(status))).toBe(false);
    expect(canPay(stranger, request('awaiting_payment'))).toBe(false);
    expect(canPay({ id: 'admin', rights: ['admin'] } as never, request('awaiting_payment'))).toBe(false);
    expect(canPay(null, request('awaiting_payment'))).toBe(false);
  });

  it('gives the original to the buyer of a completed license and to staff only', () => {
    expect(canReceiveOriginal(buyer, request('completed'))).toBe(true);
    expect(canReceiveOriginal(buyer, request('processing_payment'))).toBe(false);
    expect(canReceiveOriginal(stranger, request('completed'))).toBe(false);
    expect(canReceiveOriginal({ id: 'm', rights: ['manage_licenses'] }, request('completed'))).toBe(true);
    expect(canReceiveOriginal({ id: 's', rights: ['manage_videos'] }, request('completed'))).toBe(true);
    expect(canReceiveOriginal(null, request('completed'))).toBe(false);
  });

  it("gives the certificate (the buyer's billing data) to its buyer and license managers only", () => {
    expect(canReceiveCertificate(buyer, request('completed'))).toBe(true);
    expect(canReceiveCertificate(buyer, request('processing_payment'))).toBe(false);
    expect(canReceiveCertificate({ id: 'm', rights: ['manage_licenses'] }, request('completed'))).toBe(true);
    expect(canReceiveCertificate({ id: 's', rights: ['manage_videos'] }, request('completed'))).toBe(false);
    expect(canReceiveCertificate(stranger, request('completed'))).toBe(false);
    expect(canReceiveCertificate(null, request('completed'))).toBe(false);
  });
});
