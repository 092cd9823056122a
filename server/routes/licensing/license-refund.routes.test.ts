import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bankTransfer, closeHoldingTheLedger, expectLedgerHolds } from '../../../tests/support/earnings';
import { createUser, type TestUser } from '../../../tests/support/factories';
import {
  ledgerOf,
  licensableVideo,
  paidSale as paidSaleOf,
  statusOf,
} from '../../../tests/support/license-payments';
import { createLicenseRequest } from '../../../tests/support/licensing-factories';
import { mailsTo, requestAs } from '../../../tests/support/requests';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { licenseRefundValues } from '../../../tests/support/valid-bodies';
import type { UserEvent } from '../../adapters/events/event-bus';
import { appSettingsRepository } from '../../repositories/app-settings.repository';

/**
 * Refunds of completed license sales (issue 19), through the sandbox provider: only license managers,
 * only a completed sale within the refund window; the sale's own ledger rows get their counter-rows,
 * the buyer loses the original and is told in their language, and two refunds at once refund once.
 */
let t: TestApp;
let send: ReturnType<typeof requestAs>;
let buyer: TestUser;
let manager: TestUser;
let admin: TestUser;
let member: TestUser;
let videoStaff: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  send = requestAs(t);
  buyer = await createUser(t, { verified: true, language: 'el' });
  manager = await createUser(t, { verified: true, rights: ['manage_licenses'] });
  admin = await createUser(t, { verified: true, rights: ['admin'] });
  member = await createUser(t, { verified: true });
  videoStaff = await createUser(t, { verified: true, rights: ['manage_videos'] });
}, 60_000);
// The ledger invariant holds after every refund below.
afterEach(() => expectLedgerHolds(t));
afterAll(() => closeHoldingTheLedger(t));

/** A creator with a referrer, so their first sale earns the referrer a bonus. */
async function referredCreator() {
  const referrer = await createUser(t, { verified: true });
  const creator = await createUser(t, { verified: true });
  await t.db.updateTable('users').set({ referrer_id: referrer.id }).where('id', '=', creator.id).execute();
  return { referrer, creator };
}

/** A sale paid through the sandbox checkout and its webhook (4,900 cents, the creator's share 2,450). */
async function paidSale(
  creatorId: string,
  who: TestUser = buyer,
  options: { refundWindowDays?: number } = {},
) {
  return paidSaleOf(t, who, await licensableVideo(t, creatorId), options);
}

const refund = (requestId: string, who: TestUser | null, body: object = licenseRefundValues) =>
  send('POST', `/api/license-requests/${requestId}/refund`, who, body);

const balanceOf = async (who: TestUser) =>
  (await send('GET', '/api/me/balances', who)).json().balances[0] as {
    availableCents: number;
    pendingCents: number;
  };

/** What a refused refund must leave as it was. */
const snapshot = async (requestId: string) => ({
  status: await statusOf(t, requestId),
  rows: (await ledgerOf(t, requestId)).length,
  audit: (await t.db.selectFrom('audit_log').select('id').where('subject_id', '=', requestId).execute())
    .length,
});

describe('refunding a completed sale', () => {
  it('reverts exactly that sale’s purchase, share and referral bonus, and tells the buyer', async () => {
    const { referrer, creator } = await referredCreator();
    const first = await paidSale(creator.id);
    const second = await paidSale(creator.id, member);
    const otherRowsBefore = await ledgerOf(t, second);

    const heard: UserEvent[] = [];
    const unsubscribe = t.events.subscribe(buyer.id, (event) => heard.push(event));
    const response = await refund(first, manager);
    expect(response.statusCode, response.body).toBe(200);
    // The buyer's open pages hear it live.
    for (let i = 0; i < 50 && heard.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    unsubscribe();
    expect(heard).toEqual([
      {
        type: 'license-request',
        licenseRequestId: first,
        status: 'cancelled',
        change: 'refunded',
        buyer: true,
      },
    ]);
    expect(response.json()).toMatchObject({
      id: first,
      status: 'cancelled',
      refunded: true,
      refundReason: licenseRefundValues.reason,
      refundedAt: expect.any(String),
      abilities: { refund: false },
    });
    const listed = (await send('GET', '/api/me/license-requests?limit=50', buyer)).json().items;
    expect(listed.find((item: { id: string }) => item.id === first)).toMatchObject({ refunded: true });

    // Each original row of the sale has one counter-row; the other sale's rows are untouched.
    const rows = await ledgerOf(t, first);
    const originals = rows.filter((row) => row.reverses_id === null);
    expect(originals.map((row) => [row.type, row.amount_cents]).sort()).toEqual([
      ['video_license_purchase', 4900],
      ['video_license_sale', 2450],
      ['video_license_sale_referral_bonus', 490],
    ]);
    for (const original of originals) {
      const counters = rows.filter((row) => row.reverses_id === original.id);
      expect(counters).toHaveLength(1);
      expect(counters[0]).toMatchObject({
        status: 'reverted',
        user_id: original.user_id,
        amount_cents: original.amount_cents,
        created_by: manager.id,
        reason: licenseRefundValues.reason,
      });
    }
    expect(rows).toHaveLength(6);
    expect(await ledgerOf(t, second)).toEqual(otherRowsBefore);

    // The creator keeps the second sale's share only; the referrer's bonus is taken back.
    expect(await balanceOf(creator)).toMatchObject({ availableCents: 0, pendingCents: 2450 });
    expect(await balanceOf(referrer)).toMatchObject({ availableCents: 0, pendingCents: 0 });
    // What becomes available lists only what stands: the refunded share and bonus, and their
    // counter-rows, are gone from both lists.
    const becoming = async (who: TestUser) =>
      (await send('GET', '/api/me/balances', who))
        .json()
        .pendingEarnings.map((row: { type: string; amountCents: number }) => [row.type, row.amountCents]);
    expect(await becoming(creator)).toEqual([['video_license_sale', 2450]]);
    expect(await becoming(referrer)).toEqual([]);
    // The second sale came after the first: the referrer's bonus was the first sale's, and is no more.
    const [referral] = (await send('GET', '/api/me/referrals', referrer)).json().items;
    expect(referral).toMatchObject({ id: creator.id, bonus: null });
    // The creator's dashboard counts the sale that stands, not the refunded one.
    expect((await send('GET', '/api/me/dashboard', creator)).json()).toMatchObject({ licenses: 0, sales: 1 });
    // The buyer's history shows the purchase and, signed the other way, its reversal.
    const history = (await send('GET', '/api/me/transactions', buyer)).json().items;
    expect(
      history
        .filter((item: { licenseRequestId: string }) => item.licenseRequestId === first)
        .map((item: { amountCents: number; status: string }) => [item.amountCents, item.status]),
    ).toEqual([
      [4900, 'reverted'],
      [-4900, 'completed'],
    ]);

    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('subject_id', '=', first)
      .where('action', '=', 'license.refund')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: manager.id, reason: licenseRefundValues.reason });

    // The buyer reads it in Greek, their language.
    const mails = await mailsTo(t, buyer.email);
    const mail = mails.find((m) => m.subject?.includes('επιστροφή χρημάτων'));
    expect(mail?.subject).toBe('Έγινε επιστροφή χρημάτων για την άδεια του «Harbour at dawn»');
    expect(mail?.text).toContain(licenseRefundValues.reason);
    expect(mail?.text).toContain('49,00');
  });

  it('takes the original and the certificate away from the buyer; the buyer sees it refunded', async () => {
    const { creator } = await referredCreator();
    const id = await paidSale(creator.id);
    expect((await send('GET', `/api/license-requests/${id}/download`, buyer)).statusCode).toBe(302);
    // The player's URL of the original lasts minutes, and its renewal after the refund is the preview.
    const { videoId } = await t.db
      .selectFrom('license_requests')
      .select('video_id as videoId')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const playback = async () => (await send('GET', `/api/videos/${videoId}/playback`, buyer)).json();
    const before = await playback();
    expect(before.rendition).toBe('original');
    expect(Date.parse(before.expiresAt) - Date.now()).toBeLessThanOrEqual(10 * 60 * 1000);
    // The video page tells the holder they hold it (and nobody else).
    const held = async (who: TestUser) =>
      (await send('GET', `/api/videos/${videoId}`, who)).json().heldLicenses;
    expect(await held(buyer)).toEqual([
      {
        requestId: id,
        typeNameEn: expect.any(String),
        typeNameEl: expect.any(String),
        completedAt: expect.any(String),
      },
    ]);
    expect(await held(member)).toEqual([]);
    expect((await refund(id, admin)).statusCode).toBe(200);
    expect((await playback()).rendition).toBe('preview');
    expect(await held(buyer)).toEqual([]);
    expect((await send('GET', `/api/license-requests/${id}/download`, buyer)).statusCode).toBe(404);
    expect((await send('GET', `/api/license-requests/${id}/certificate`, buyer)).statusCode).toBe(404);
    const detail = (await send('GET', `/api/license-requests/${id}`, buyer)).json();
    expect(detail).toMatchObject({
      status: 'cancelled',
      refundedAt: expect.any(String),
      refundableUntil: null,
      abilities: { refund: false, pay: false, cancel: false },
    });
  });

  it('keeps a share out of reach until its refund window closes, so a refund never leaves the creator in debt', async () => {
    const creator = await createUser(t, { verified: true });
    // A delay shorter than the window (stored before the settings refused it): the window still rules.
    const settings = appSettingsRepository(t.db);
    await settings.set('withdrawal_delay_days', 0, null);
    const id = await paidSale(creator.id).finally(() => settings.set('withdrawal_delay_days', 30, null));
    expect(await balanceOf(creator)).toMatchObject({ availableCents: 0, pendingCents: 2450 });
    const [share] = await t.db
      .selectFrom('transactions')
      .select('available_at')
      .where('license_request_id', '=', id)
      .where('user_id', '=', creator.id)
      .execute();
    const completedAt = (
      await t.db
        .selectFrom('license_requests')
        .select('completed_at')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).completed_at as Date;
    expect(share?.available_at?.getTime()).toBe(completedAt.getTime() + 14 * 24 * 60 * 60 * 1000);
    expect((await send('POST', '/api/me/withdrawal-requests', creator, bankTransfer(2450))).statusCode).toBe(
      409,
    );
    expect((await refund(id, manager)).statusCode).toBe(200);
    expect(await balanceOf(creator)).toMatchObject({ availableCents: 0, pendingCents: 0 });
  });

  it('keeps the refund window the request was made under, whatever the setting says now', async () => {
    const { creator } = await referredCreator();
    // Made under a 3-day window (the settings say 14 now); admin-settings tests show a request copies it.
    const id = await paidSale(creator.id, buyer, { refundWindowDays: 3 });
    const detail = (await send('GET', `/api/license-requests/${id}`, manager)).json();
    expect(new Date(detail.refundableUntil).getTime() - new Date(detail.completedAt).getTime()).toBe(
      3 * 24 * 60 * 60 * 1000,
    );
  });

  it('shows managers the refund window, and refuses once it has passed', async () => {
    const { creator } = await referredCreator();
    const id = await paidSale(creator.id);
    const detail = (await send('GET', `/api/license-requests/${id}`, manager)).json();
    expect(detail.abilities.refund).toBe(true);
    const until = new Date(detail.refundableUntil).getTime();
    expect(until - new Date(detail.completedAt).getTime()).toBe(14 * 24 * 60 * 60 * 1000);
    expect((await send('GET', `/api/license-requests/${id}`, buyer)).json()).toMatchObject({
      refundableUntil: null,
      abilities: { refund: false },
    });

    const longAgo = new Date(t.clock.now().getTime() - 15 * 24 * 60 * 60 * 1000);
    await t.db.updateTable('license_requests').set({ completed_at: longAgo }).where('id', '=', id).execute();
    const before = await snapshot(id);
    const response = await refund(id, manager);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('REFUND_WINDOW_PASSED');
    expect(await snapshot(id)).toEqual(before);
    expect((await send('GET', `/api/license-requests/${id}`, manager)).json().abilities.refund).toBe(false);
  });

  it('refuses a request that is not a completed sale, and a second refund', async () => {
    const { creator } = await referredCreator();
    const open = await createLicenseRequest(t.db, {
      videoId: await licensableVideo(t, creator.id),
      buyerId: buyer.id,
    });
    const notPaid = await refund(open, manager);
    expect(notPaid.statusCode).toBe(409);
    expect(notPaid.json().code).toBe('REFUND_NOT_ALLOWED');
    expect(await statusOf(t, open)).toBe('awaiting_payment');

    const id = await paidSale(creator.id);
    expect((await refund(id, manager)).statusCode).toBe(200);
    const before = await snapshot(id);
    const again = await refund(id, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('REFUND_NOT_ALLOWED');
    expect(await snapshot(id)).toEqual(before);
  });

  it('asks for a reason', async () => {
    const { creator } = await referredCreator();
    const id = await paidSale(creator.id);
    for (const body of [{}, { reason: '   ' }]) {
      expect((await refund(id, manager, body)).statusCode).toBe(400);
    }
    expect(await statusOf(t, id)).toBe('completed');
  });

  it('refuses visitors (401), the buyer, members and video staff (403), changing nothing', async () => {
    const { creator } = await referredCreator();
    const id = await paidSale(creator.id);
    const before = await snapshot(id);
    expect((await refund(id, null)).statusCode).toBe(401);
    for (const who of [buyer, member, videoStaff, creator]) {
      const response = await refund(id, who);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('NOT_AUTHORIZED');
    }
    expect(await snapshot(id)).toEqual(before);
    expect((await send('GET', `/api/license-requests/${id}/download`, buyer)).statusCode).toBe(302);
  });

  it('three refunds of one sale at once refund it once', async () => {
    for (let round = 0; round < 3; round++) {
      const { creator } = await referredCreator();
      const id = await paidSale(creator.id);
      const answers = await Promise.all([refund(id, manager), refund(id, admin), refund(id, manager)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
      const rows = await ledgerOf(t, id);
      expect(rows.filter((row) => row.reverses_id !== null)).toHaveLength(3);
      const audit = await t.db
        .selectFrom('audit_log')
        .select('id')
        .where('subject_id', '=', id)
        .where('action', '=', 'license.refund')
        .execute();
      expect(audit).toHaveLength(1);
    }
  });
});
