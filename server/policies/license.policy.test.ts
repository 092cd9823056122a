import { describe, expect, it } from 'vitest';
import { LICENSE_STATUSES } from '../../common/contracts/licenses';
import { VIDEO_STATUSES } from '../../common/video-status';
import { assertAllowed, type CallerFacts } from './caller';
import {
  assertCanViewLicenseRequest,
  assertMayManageLicenseRequest,
  canViewLicenseRequest,
  isLicensable,
  isLicenseManager,
  licenseRequestAbilities,
  mayManageLicenseRequest,
  mayOfferLicense,
  refundDeadline,
} from './license.policy';

const BUYER_ID = 'buyer';
const callers: Record<string, CallerFacts | null> = {
  anonymous: null,
  buyer: { id: BUYER_ID, rights: [], verified: true },
  other: { id: 'other', rights: [], verified: true },
  videoStaff: { id: 'staff', rights: ['manage_videos'], verified: true },
  manager: { id: 'manager', rights: ['manage_licenses'], verified: true },
  admin: { id: 'admin', rights: ['admin'], verified: true },
};
type Name = keyof typeof callers;
const names = Object.keys(callers) as Name[];

describe('isLicenseManager', () => {
  it('is admins and holders of manage_licenses only', () => {
    expect(names.filter((name) => isLicenseManager(callers[name]))).toEqual(['manager', 'admin']);
  });

  it('answers 401 to a visitor and 403 to anyone else who is not a manager', () => {
    expect(() => assertAllowed(null, isLicenseManager)).toThrow(expect.objectContaining({ status: 401 }));
    for (const name of ['buyer', 'other', 'videoStaff'] as const) {
      expect(() => assertAllowed(callers[name], isLicenseManager)).toThrow(
        expect.objectContaining({ status: 403 }),
      );
    }
    expect(() => assertAllowed(callers.manager, isLicenseManager)).not.toThrow();
  });
});

describe('who sees a license request', () => {
  it('is its buyer and the managers; a visitor is asked to sign in, anyone else finds nothing', () => {
    const request = { buyerId: BUYER_ID, creatorId: 'creator', status: 'open' };
    expect(names.filter((name) => canViewLicenseRequest(callers[name], request))).toEqual([
      'buyer',
      'manager',
      'admin',
    ]);
    expect(() => assertCanViewLicenseRequest(null, request)).toThrow(
      expect.objectContaining({ status: 401 }),
    );
    expect(() => assertCanViewLicenseRequest(callers.other, request)).toThrow(
      expect.objectContaining({ status: 404 }),
    );
    expect(() => assertCanViewLicenseRequest(callers.videoStaff, request)).toThrow(
      expect.objectContaining({ status: 404 }),
    );
  });
});

/** Every caller against every status: cancel, quote, pay, message, refund (inside the refund window). */
describe('licenseRequestAbilities', () => {
  const cases = names.flatMap((name) => LICENSE_STATUSES.map((status) => [name, status] as const));

  it.each(cases)('%s on a %s request', (name, status) => {
    const abilities = licenseRequestAbilities(callers[name], {
      buyerId: BUYER_ID,
      creatorId: 'creator',
      status,
      refundable: true,
    });
    const sees = name === 'buyer' || name === 'manager' || name === 'admin';
    const manager = name === 'manager' || name === 'admin';
    const beforePayment = status === 'open' || status === 'awaiting_payment';
    // A checkout left unpaid is cancelled (its session closed first) or paid again, never quoted anew.
    const unpaid = beforePayment || status === 'processing_payment';
    expect(abilities).toEqual({
      cancel: sees && unpaid,
      quote: manager && beforePayment,
      pay: name === 'buyer' && (status === 'awaiting_payment' || status === 'processing_payment'),
      message: sees && status !== 'cancelled',
      cancelNeedsReason: sees && name !== 'buyer',
      refund: manager && status === 'completed',
    });
  });

  it('offers no refund once the refund window has passed', () => {
    const request = { buyerId: BUYER_ID, creatorId: 'creator', status: 'completed', refundable: false };
    expect(licenseRequestAbilities(callers.admin, request).refund).toBe(false);
    expect(licenseRequestAbilities(callers.manager, request).refund).toBe(false);
  });

  it('lets a manager who bought a license act as its buyer only: cancel without a reason, pay; no quote, no refund', () => {
    for (const status of ['open', 'awaiting_payment', 'completed']) {
      const request = { buyerId: 'manager', creatorId: 'creator', status, refundable: true };
      expect(licenseRequestAbilities(callers.manager, request)).toEqual({
        cancel: status !== 'completed',
        quote: false,
        pay: status === 'awaiting_payment',
        message: true,
        cancelNeedsReason: false,
        refund: false,
      });
    }
  });

  it('gives a manager who owns the video nothing to decide: no quote, no cancel, no refund', () => {
    for (const status of ['open', 'awaiting_payment', 'completed']) {
      const request = { buyerId: BUYER_ID, creatorId: 'admin', status, refundable: true };
      expect(licenseRequestAbilities(callers.admin, request)).toMatchObject({
        cancel: false,
        quote: false,
        refund: false,
      });
    }
    expect(mayManageLicenseRequest(callers.admin, { buyerId: BUYER_ID, creatorId: 'creator' })).toBe(true);
    expect(() =>
      assertMayManageLicenseRequest(callers.admin as CallerFacts, { buyerId: 'admin', creatorId: 'c' }),
    ).toThrow(expect.objectContaining({ status: 403, code: 'OWN_LICENSE_REQUEST' }));
    expect(() =>
      assertMayManageLicenseRequest(callers.other as CallerFacts, { buyerId: 'b', creatorId: 'c' }),
    ).toThrow(expect.objectContaining({ status: 403, code: 'NOT_AUTHORIZED' }));
  });
});

describe('refundDeadline', () => {
  it('counts whole days of the refund window from the completion of the payment', () => {
    const completed = new Date('2026-11-01T10:00:00Z');
    expect(refundDeadline(completed, 14).toISOString()).toBe('2026-11-15T10:00:00.000Z');
    expect(refundDeadline(completed, 0)).toEqual(completed);
  });
});

describe('which videos may be licensed', () => {
  it.each(VIDEO_STATUSES)('a public %s video', (status) => {
    const licensable = status === 'ready' || status === 'yt_uploaded';
    expect(isLicensable({ status, privacy: 'public' })).toBe(licensable);
    expect(isLicensable({ status, privacy: 'unlisted' })).toBe(false);
    expect(isLicensable({ status, privacy: 'private' })).toBe(false);
  });

  it('offers the license to everyone but the owner', () => {
    const video = { userId: 'owner', status: 'ready', privacy: 'public' };
    expect(mayOfferLicense(null, video)).toBe(true);
    expect(mayOfferLicense({ id: 'someone', rights: [] }, video)).toBe(true);
    expect(mayOfferLicense({ id: 'owner', rights: [] }, video)).toBe(false);
    expect(mayOfferLicense(null, { ...video, status: 'Ready' })).toBe(true);
  });
});
