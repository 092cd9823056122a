import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeHoldingTheLedger, expectLedgerHolds } from '../../../tests/support/earnings';
import { createUser, type TestUser } from '../../../tests/support/factories';
import {
  ledgerOf,
  licensableVideo,
  ORIGINAL_BYTES,
  ORIGINAL_NAME,
  requestInCheckout,
  startCheckout,
  statusOf,
} from '../../../tests/support/license-payments';
import { createLicenseRequest } from '../../../tests/support/licensing-factories';
import { deliverSandboxEvent } from '../../../tests/support/payments';
import { requestAs } from '../../../tests/support/requests';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

/**
 * Paying for a license and receiving it: the buyer alone sees the payment and goes to checkout; the
 * sandbox checkout's Pay takes the webhook's path; the original and the certificate go to the buyer of a
 * completed license and to staff, and to anyone else the request does not exist.
 */
let t: TestApp;
let send: ReturnType<typeof requestAs>;
let creator: TestUser;
let buyer: TestUser;
let stranger: TestUser;
let videoStaff: TestUser;
let licenseManager: TestUser;
let admin: TestUser;
let videoId: string;

beforeAll(async () => {
  t = await createTestApp();
  send = requestAs(t);
  creator = await createUser(t, { verified: true });
  buyer = await createUser(t, { verified: true, language: 'el' });
  stranger = await createUser(t, { verified: true });
  videoStaff = await createUser(t, { rights: ['manage_videos'] });
  licenseManager = await createUser(t, { rights: ['manage_licenses'] });
  admin = await createUser(t, { rights: ['admin'] });
  videoId = await licensableVideo(t, creator.id);
}, 60_000);
// The ledger invariant holds after the money these tests moved.
afterEach(() => expectLedgerHolds(t));
afterAll(() => closeHoldingTheLedger(t));

const request = (
  options: Parameters<typeof createLicenseRequest>[1] extends infer O ? Partial<O> : never = {},
) => createLicenseRequest(t.db, { videoId, buyerId: buyer.id, ...options });

/** Pays in the sandbox checkout as the page does: a signed event from the server, delivered to the webhook. */
async function payInSandbox(sessionId: string, outcome: 'paid' | 'declined' = 'paid') {
  const signed = await send('POST', `/api/payments/sandbox/sessions/${sessionId}/events`, buyer, { outcome });
  expect(signed.statusCode).toBe(200);
  return deliverSandboxEvent(t, signed.json());
}

async function completedRequest() {
  const { requestId, sessionId } = await requestInCheckout(t, buyer, videoId);
  expect((await payInSandbox(sessionId)).json().outcome).toBe('completed');
  return requestId;
}

describe('the payment summary', () => {
  it('shows the buyer the video, type, price and the provider', async () => {
    const id = await request();
    const response = await send('GET', `/api/license-requests/${id}/payment`, buyer);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id,
      status: 'awaiting_payment',
      video: { id: videoId, title: 'Harbour at dawn' },
      licenseType: { nameEn: 'Editorial: web and social' },
      priceCents: 4900,
      currency: 'EUR',
      provider: 'sandbox',
    });
  });

  it('is not found for anyone else, staff included; a visitor is asked to sign in', async () => {
    const id = await request();
    for (const who of [stranger, creator, licenseManager, admin]) {
      expect((await send('GET', `/api/license-requests/${id}/payment`, who)).statusCode).toBe(404);
    }
    expect((await send('GET', `/api/license-requests/${id}/payment`, null)).statusCode).toBe(401);
  });
});

describe('checkout', () => {
  it('takes the buyer to the sandbox checkout and marks the request processing_payment', async () => {
    const id = await request();
    const { url, sessionId } = await startCheckout(t, buyer, id);
    expect(url).toBe(`${t.config.publicUrl}/payments/sandbox/${sessionId}`);
    expect(sessionId).toMatch(/^cs_sbx_/);
    expect(await statusOf(t, id)).toBe('processing_payment');
    const session = await send('GET', `/api/payments/sandbox/sessions/${sessionId}`, buyer);
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ id, priceCents: 4900, status: 'processing_payment' });
  });

  it('starting again replaces the open checkout: the old session is gone, the new one pays', async () => {
    const id = await request();
    const first = await startCheckout(t, buyer, id);
    const second = await startCheckout(t, buyer, id);
    expect(second.sessionId).not.toBe(first.sessionId);
    expect((await send('GET', `/api/payments/sandbox/sessions/${first.sessionId}`, buyer)).statusCode).toBe(
      404,
    );
    expect(
      (
        await send('POST', `/api/payments/sandbox/sessions/${first.sessionId}/events`, buyer, {
          outcome: 'paid',
        })
      ).statusCode,
    ).toBe(404);
    expect((await payInSandbox(second.sessionId)).json().outcome).toBe('completed');
    expect(await statusOf(t, id)).toBe('completed');
  });

  it('a checkout the buyer left is no trap: the page offers paying again and cancelling, and the cancel closes it', async () => {
    const id = await request();
    const { sessionId } = await startCheckout(t, buyer, id);
    const page = (await send('GET', `/api/license-requests/${id}`, buyer)).json();
    expect(page).toMatchObject({ status: 'processing_payment', abilities: { pay: true, cancel: true } });
    // Staff see it cancellable too (with a reason), and never payable.
    const managed = (await send('GET', `/api/license-requests/${id}`, licenseManager)).json();
    expect(managed.abilities).toMatchObject({ pay: false, cancel: true, cancelNeedsReason: true });

    const cancelled = await send('POST', `/api/license-requests/${id}/cancel`, buyer, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await statusOf(t, id)).toBe('cancelled');
    // The closed session can no longer be paid: its Pay is refused, and nothing reaches the ledger.
    const late = await send('POST', `/api/payments/sandbox/sessions/${sessionId}/events`, buyer, {
      outcome: 'paid',
    });
    expect([late.statusCode, late.json().code]).toEqual([409, 'LICENSE_NOT_PAYABLE']);
    expect(await statusOf(t, id)).toBe('cancelled');
    expect(await ledgerOf(t, id)).toEqual([]);
  });

  it('is refused to everyone but the buyer (not found) and to a visitor (401)', async () => {
    const id = await request();
    for (const who of [stranger, creator, videoStaff, licenseManager, admin]) {
      expect((await send('POST', `/api/license-requests/${id}/checkout`, who)).statusCode).toBe(404);
    }
    expect((await send('POST', `/api/license-requests/${id}/checkout`, null)).statusCode).toBe(401);
    expect(await statusOf(t, id)).toBe('awaiting_payment');
  });

  it.each([
    ['open', null],
    ['completed', 4900],
    ['cancelled', 4900],
  ] as const)('is refused for a request that is %s: 409 LICENSE_NOT_PAYABLE', async (status, priceCents) => {
    const id = await request({ status, priceCents });
    const response = await send('POST', `/api/license-requests/${id}/checkout`, buyer);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('LICENSE_NOT_PAYABLE');
    expect(await statusOf(t, id)).toBe(status);
  });

  it('declining in the sandbox returns the request to awaiting payment, with nothing in the ledger', async () => {
    const { requestId, sessionId } = await requestInCheckout(t, buyer, videoId);
    expect((await payInSandbox(sessionId, 'declined')).json().outcome).toBe('reopened');
    expect(await statusOf(t, requestId)).toBe('awaiting_payment');
    expect(await ledgerOf(t, requestId)).toEqual([]);
    // Once closed, the sandbox page can no longer sign anything for that session.
    const again = await send('POST', `/api/payments/sandbox/sessions/${sessionId}/events`, buyer, {
      outcome: 'paid',
    });
    expect(again.statusCode).toBe(409);
  });

  it('a checkout takes payment for an hour; then the request goes back to its buyer to pay again', async () => {
    const id = await request();
    const { sessionId } = await startCheckout(t, buyer, id);
    const sweep = () => t.app.services.licenseCheckout.expireCheckouts();
    await sweep();
    expect(await statusOf(t, id)).toBe('processing_payment');
    t.clock.advance(61 * 60_000);
    try {
      const late = await send('POST', `/api/payments/sandbox/sessions/${sessionId}/events`, buyer, {
        outcome: 'paid',
      });
      expect([late.statusCode, late.json().code]).toEqual([409, 'CHECKOUT_EXPIRED']);
      // A few minutes' grace for a payment taken at the last moment, then the buyer may pay again.
      await sweep();
      expect(await statusOf(t, id)).toBe('processing_payment');
      t.clock.advance(5 * 60_000);
      expect(await sweep()).toBeGreaterThanOrEqual(1);
      expect(await statusOf(t, id)).toBe('awaiting_payment');
      const again = await startCheckout(t, buyer, id);
      expect((await payInSandbox(again.sessionId)).json().outcome).toBe('completed');
      expect(await ledgerOf(t, id)).toHaveLength(2);
    } finally {
      t.clock.advance(-66 * 60_000);
    }
  });

  it('the sandbox session is its buyer alone', async () => {
    const { sessionId } = await requestInCheckout(t, buyer, videoId);
    for (const who of [stranger, creator, admin]) {
      expect((await send('GET', `/api/payments/sandbox/sessions/${sessionId}`, who)).statusCode).toBe(404);
      const sign = await send('POST', `/api/payments/sandbox/sessions/${sessionId}/events`, who, {
        outcome: 'paid',
      });
      expect(sign.statusCode).toBe(404);
    }
    expect((await send('GET', `/api/payments/sandbox/sessions/${sessionId}`, null)).statusCode).toBe(401);
  });
});

describe('the original and the certificate', () => {
  it('the buyer downloads the original by a signed, expiring link that saves under its uploaded name', async () => {
    const id = await completedRequest();
    const response = await send('GET', `/api/license-requests/${id}/download`, buyer);
    expect(response.statusCode).toBe(302);
    expect(response.headers['cache-control']).toBe('no-store');
    const location = String(response.headers.location);
    expect(location).toMatch(/\/api\/files\/videos\/.+\.mp4\?expires=\d+&name=.+&signature=/);
    const file = await t.app.inject({ method: 'GET', url: location.replace(t.config.publicUrl, '') });
    expect(file.statusCode).toBe(200);
    expect(crypto.createHash('sha256').update(file.rawPayload).digest('hex')).toBe(
      crypto.createHash('sha256').update(ORIGINAL_BYTES).digest('hex'),
    );
    expect(file.headers['content-disposition']).toContain('attachment;');
    expect(file.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent(ORIGINAL_NAME)}`,
    );
    // The link stops working after ten minutes.
    t.clock.advance(11 * 60 * 1000);
    expect(
      (await t.app.inject({ method: 'GET', url: location.replace(t.config.publicUrl, '') })).statusCode,
    ).toBe(403);
  });

  it('the certificate is a PDF in the buyer’s language with a font that has Greek letters', async () => {
    const id = await completedRequest();
    const response = await send('GET', `/api/license-requests/${id}/certificate`, buyer);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="license-${id}.pdf"`);
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain('DejaVuSans');
    // The title is in the document's metadata as UTF-16: Greek, since the buyer's language is Greek.
    const title = Buffer.concat([
      Buffer.from([0xfe, 0xff]),
      Buffer.from('Πιστοποιητικό', 'utf16le').swap16(),
    ]);
    expect(pdf.includes(title)).toBe(true);
  });

  it('staff get the original, license managers the certificate too; the buyer before payment, the creator, other members and visitors find nothing', async () => {
    const completed = await completedRequest();
    for (const who of [videoStaff, licenseManager, admin]) {
      expect((await send('GET', `/api/license-requests/${completed}/download`, who)).statusCode).toBe(302);
    }
    for (const who of [licenseManager, admin]) {
      expect((await send('GET', `/api/license-requests/${completed}/certificate`, who)).statusCode).toBe(200);
    }
    // The certificate names the buyer's billing details: video staff do not see the request, nor this.
    expect((await send('GET', `/api/license-requests/${completed}/certificate`, videoStaff)).statusCode).toBe(
      404,
    );
    for (const who of [stranger, creator, null]) {
      expect((await send('GET', `/api/license-requests/${completed}/download`, who)).statusCode).toBe(404);
      expect((await send('GET', `/api/license-requests/${completed}/certificate`, who)).statusCode).toBe(404);
    }
    const unpaid = await request();
    expect((await send('GET', `/api/license-requests/${unpaid}/download`, buyer)).statusCode).toBe(404);
    expect((await send('GET', `/api/license-requests/${unpaid}/certificate`, buyer)).statusCode).toBe(404);
    // An unpaid license has no certificate, whoever asks.
    expect((await send('GET', `/api/license-requests/${unpaid}/certificate`, admin)).statusCode).toBe(404);
  });
});
