import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  bankTransfer,
  expectLedgerHolds,
  paypal,
  refundSale,
  saleEarning,
} from '../../../tests/support/earnings';
import { createUser, type TestUser } from '../../../tests/support/factories';
import { requestAs } from '../../../tests/support/requests';
import { setUpTestApp } from '../../../tests/support/set-up-test-app';
import { ledgerRepository } from '../../repositories/ledger.repository';

let send: ReturnType<typeof requestAs>;
const t = setUpTestApp();
beforeAll(async () => {
  send = requestAs(t);
});
// The ledger invariant holds after every test that moved money.
afterEach(() => expectLedgerHolds(t));

const balancesOf = async (who: TestUser) => (await send('GET', '/api/me/balances', who)).json();
const requestsOf = (userId: string) =>
  t.db.selectFrom('withdrawal_requests').selectAll().where('user_id', '=', userId).execute();
const withdrawalRowsOf = (userId: string) =>
  t.db
    .selectFrom('transactions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('type', '=', 'withdrawal')
    .execute();

/** A creator with 100.00 available and 30.00 still inside the delay (available in 10 days). */
async function creatorWithEarnings() {
  const creator = await createUser(t, { verified: true });
  const saleId = await saleEarning(t, creator.id, { amountCents: 10_000, availableInDays: -1 });
  const pendingSaleId = await saleEarning(t, creator.id, { amountCents: 3_000, availableInDays: 10 });
  return { creator, saleId, pendingSaleId };
}

describe('anonymous callers', () => {
  it('get 401 from every earnings endpoint, and nothing is written', async () => {
    const before = await t.db.selectFrom('withdrawal_requests').select('id').execute();
    const answers = await Promise.all([
      send('GET', '/api/me/balances', null),
      send('GET', '/api/me/transactions', null),
      send('GET', '/api/me/transactions/export', null),
      send('GET', '/api/me/withdrawal-requests', null),
      send('POST', '/api/me/withdrawal-requests', null, bankTransfer(5000)),
      send('POST', '/api/me/withdrawal-requests/some-id/cancel', null),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(await t.db.selectFrom('withdrawal_requests').select('id').execute()).toEqual(before);
  });
});

describe('balances', () => {
  it('available, pending with the date each becomes available, reserved, and the policy', async () => {
    const { creator } = await creatorWithEarnings();
    const body = await balancesOf(creator);
    expect(body.balances).toEqual([
      { currency: 'EUR', availableCents: 10_000, pendingCents: 3_000, reservedCents: 0 },
    ]);
    expect(body.pendingEarnings).toHaveLength(1);
    expect(body.pendingEarnings[0]).toMatchObject({ type: 'video_license_sale', amountCents: 3_000 });
    expect(new Date(body.pendingEarnings[0].availableAt).getTime()).toBeGreaterThan(t.clock.now().getTime());
    expect(body.policy).toEqual({ minimumCents: 5000, delayDays: 30 });
  });

  it('a member with no ledger rows has no balances', async () => {
    const member = await createUser(t);
    expect((await balancesOf(member)).balances).toEqual([]);
  });
});

describe('withdrawal requests', () => {
  it('refuses a currency the platform does not work in', async () => {
    const { creator } = await creatorWithEarnings();
    const answer = await send('POST', '/api/me/withdrawal-requests', creator, {
      ...bankTransfer(5000),
      currency: 'ZZZ',
    });
    expect(answer.statusCode).toBe(400);
    expect(await requestsOf(creator.id)).toEqual([]);
  });

  it('an unverified member cannot withdraw (403 NOT_VERIFIED), and nothing is reserved', async () => {
    const member = await createUser(t);
    await saleEarning(t, member.id, { amountCents: 10_000, availableInDays: -1 });
    const answer = await send('POST', '/api/me/withdrawal-requests', member, bankTransfer(8000));
    expect(answer.statusCode).toBe(403);
    expect(answer.json().code).toBe('NOT_VERIFIED');
    expect(await requestsOf(member.id)).toEqual([]);
    expect(await withdrawalRowsOf(member.id)).toEqual([]);
  });

  it('a request reserves the amount at once: one pending request and its pending ledger row', async () => {
    const { creator } = await creatorWithEarnings();
    const answer = await send('POST', '/api/me/withdrawal-requests', creator, bankTransfer(8000));
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toMatchObject({
      amountCents: 8000,
      currency: 'EUR',
      method: 'bank_transfer',
      payoutTo: 'CY17 •••• 7600',
      status: 'pending',
      rejectReason: null,
      payoutReference: null,
    });
    const [request] = await requestsOf(creator.id);
    // The IBAN is stored in its electronic format.
    expect(request?.payout_details).toEqual({
      iban: 'CY17002001280000001200527600',
      holder: 'Maria Konstantinou',
    });
    const [row] = await withdrawalRowsOf(creator.id);
    expect(row).toMatchObject({ status: 'pending', amount_cents: 8000, withdrawal_request_id: request?.id });
    expect((await balancesOf(creator)).balances[0]).toEqual({
      currency: 'EUR',
      availableCents: 2_000,
      pendingCents: 3_000,
      reservedCents: 8_000,
    });
  });

  it('below the minimum: WITHDRAWAL_BELOW_MINIMUM with the minimum, nothing written', async () => {
    const { creator } = await creatorWithEarnings();
    const answer = await send('POST', '/api/me/withdrawal-requests', creator, paypal(4999));
    expect([answer.statusCode, answer.json().code]).toEqual([409, 'WITHDRAWAL_BELOW_MINIMUM']);
    expect(answer.json().params).toEqual({ minimumCents: 5000, currency: 'EUR' });
    expect(await requestsOf(creator.id)).toEqual([]);
  });

  it('within available + pending: WITHDRAWAL_NOT_YET_AVAILABLE with the day enough becomes available', async () => {
    const { creator } = await creatorWithEarnings();
    const answer = await send('POST', '/api/me/withdrawal-requests', creator, paypal(12_000));
    expect([answer.statusCode, answer.json().code]).toEqual([409, 'WITHDRAWAL_NOT_YET_AVAILABLE']);
    const { pendingEarnings } = await balancesOf(creator);
    expect(answer.json().params).toEqual({
      availableOn: pendingEarnings[0].availableAt,
      availableCents: 10_000,
      currency: 'EUR',
    });
    expect(await requestsOf(creator.id)).toEqual([]);
  });

  it('more than available + pending: INSUFFICIENT_BALANCE; another currency has no balance at all', async () => {
    const { creator } = await creatorWithEarnings();
    const tooMuch = await send('POST', '/api/me/withdrawal-requests', creator, paypal(13_001));
    expect([tooMuch.statusCode, tooMuch.json().code]).toEqual([409, 'INSUFFICIENT_BALANCE']);
    const dollars = await send('POST', '/api/me/withdrawal-requests', creator, {
      ...paypal(5000),
      currency: 'USD',
    });
    expect([dollars.statusCode, dollars.json().code]).toEqual([409, 'INSUFFICIENT_BALANCE']);
    expect(await requestsOf(creator.id)).toEqual([]);
  });

  it('an invalid IBAN, a short holder name or a fractional amount is refused by validation', async () => {
    const { creator } = await creatorWithEarnings();
    for (const body of [
      { ...bankTransfer(6000), iban: 'CY17 0020 0128 0000 0012 0052 7601' },
      { ...bankTransfer(6000), holder: 'M' },
      { ...paypal(6000), amountCents: 6000.5 },
      { ...paypal(6000), email: 'not-an-address' },
    ]) {
      const answer = await send('POST', '/api/me/withdrawal-requests', creator, body);
      expect([answer.statusCode, answer.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect(await requestsOf(creator.id)).toEqual([]);
  });

  it('the owner cancels while pending: the amount is released; a second cancel is refused', async () => {
    const { creator } = await creatorWithEarnings();
    const created = (await send('POST', '/api/me/withdrawal-requests', creator, paypal(9000))).json();
    const cancel = await send('POST', `/api/me/withdrawal-requests/${created.id}/cancel`, creator);
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().status).toBe('cancelled');
    expect((await withdrawalRowsOf(creator.id)).map((row) => row.status)).toEqual(['cancelled']);
    expect((await balancesOf(creator)).balances[0]).toMatchObject({
      availableCents: 10_000,
      reservedCents: 0,
    });
    const again = await send('POST', `/api/me/withdrawal-requests/${created.id}/cancel`, creator);
    expect([again.statusCode, again.json().code]).toEqual([409, 'WITHDRAWAL_NOT_CANCELLABLE']);
  });

  it('another member never sees or cancels someone else’s request or ledger', async () => {
    const { creator } = await creatorWithEarnings();
    const other = await createUser(t, { verified: true });
    const created = (await send('POST', '/api/me/withdrawal-requests', creator, paypal(6000))).json();
    const cancel = await send('POST', `/api/me/withdrawal-requests/${created.id}/cancel`, other);
    expect([cancel.statusCode, cancel.json().code]).toEqual([404, 'NOT_FOUND']);
    expect((await requestsOf(creator.id)).map((row) => row.status)).toEqual(['pending']);
    expect((await send('GET', '/api/me/withdrawal-requests', other)).json().items).toEqual([]);
    expect((await send('GET', '/api/me/transactions', other)).json().items).toEqual([]);
    expect((await balancesOf(other)).balances).toEqual([]);
    const csv = (await send('GET', '/api/me/transactions/export', other)).body;
    expect(csv.trim().split('\n')).toHaveLength(1);
    // A cursor made from someone else's row id pages nothing of theirs.
    const foreign = Buffer.from(created.id).toString('base64url');
    expect((await send('GET', `/api/me/transactions?cursor=${foreign}`, other)).json().items).toEqual([]);
  });

  it('the owner lists their requests, newest first, masked, with the reject reason and payout reference', async () => {
    const { creator } = await creatorWithEarnings();
    const first = (await send('POST', '/api/me/withdrawal-requests', creator, paypal(5000))).json();
    const second = (await send('POST', '/api/me/withdrawal-requests', creator, bankTransfer(5000))).json();
    // An admin's decisions, through the back office's routes.
    const admin = await createUser(t, { rights: ['admin'] });
    const decisions = [
      await send('POST', `/api/admin/withdrawal-requests/${first.id}/reject`, admin, {
        reason: 'Name mismatch',
      }),
      await send('POST', `/api/admin/withdrawal-requests/${second.id}/pay`, admin, { reference: 'TRX-42' }),
    ];
    expect(decisions.map((response) => response.json().status)).toEqual(['rejected', 'completed']);
    const page = (await send('GET', '/api/me/withdrawal-requests?limit=1', creator)).json();
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ id: second.id, status: 'completed', payoutReference: 'TRX-42' });
    const next = (
      await send('GET', `/api/me/withdrawal-requests?limit=1&cursor=${page.nextCursor}`, creator)
    ).json();
    expect(next.items[0]).toMatchObject({
      id: first.id,
      status: 'rejected',
      rejectReason: 'Name mismatch',
      payoutTo: 'm•••@example.com',
    });
    expect(next.nextCursor).toBeNull();
    // Rejected released its amount, completed keeps it spent.
    expect((await balancesOf(creator)).balances[0]).toMatchObject({
      availableCents: 5_000,
      reservedCents: 0,
    });
    // A decided request cannot be cancelled any more.
    const cancel = await send('POST', `/api/me/withdrawal-requests/${second.id}/cancel`, creator);
    expect(cancel.json().code).toBe('WITHDRAWAL_NOT_CANCELLABLE');
  });
});

describe('transactions history', () => {
  it('every row of the caller, newest first, signed for the reader, filtered and paged', async () => {
    const { creator, saleId } = await creatorWithEarnings();
    const created = (await send('POST', '/api/me/withdrawal-requests', creator, paypal(6000))).json();
    // The first sale refunded, as a refund undoes it (the refund route itself is tested on its own).
    await refundSale(t, saleId);
    const all = (await send('GET', '/api/me/transactions', creator)).json();
    expect(
      all.items.map((item: { type: string; amountCents: number }) => [item.type, item.amountCents]),
    ).toEqual([
      ['video_license_sale', -10_000],
      ['withdrawal', -6_000],
      ['video_license_sale', 3_000],
      ['video_license_sale', 10_000],
    ]);
    expect(all.items[1]).toMatchObject({ withdrawalRequestId: created.id, status: 'pending' });
    // The seller may not open the buyer's license request: the row carries the video title instead.
    expect(all.items[3]).toMatchObject({ licenseRequestId: saleId, licenseRequestVisible: false });
    expect(all.items[3].videoTitle).toEqual(expect.any(String));

    const withdrawals = (await send('GET', '/api/me/transactions?type=withdrawal', creator)).json();
    expect(withdrawals.items.map((item: { id: string }) => item.id)).toEqual([all.items[1].id]);
    const reverted = (await send('GET', '/api/me/transactions?status=reverted', creator)).json();
    expect(reverted.items.map((item: { id: string }) => item.id)).toEqual([all.items[0].id]);
    // One sale's rows, where the creator's receipt links: the sale and its refund, nothing else; another
    // member asking for that sale sees none of it.
    const oneSale = (await send('GET', `/api/me/transactions?sale=${saleId}`, creator)).json();
    expect(oneSale.items.map((item: { id: string }) => item.id)).toEqual([all.items[0].id, all.items[3].id]);
    const stranger = await createUser(t, { verified: true });
    expect((await send('GET', `/api/me/transactions?sale=${saleId}`, stranger)).json().items).toEqual([]);

    const first = (await send('GET', '/api/me/transactions?limit=3', creator)).json();
    const rest = (
      await send('GET', `/api/me/transactions?limit=3&cursor=${first.nextCursor}`, creator)
    ).json();
    expect([...first.items, ...rest.items].map((item: { id: string }) => item.id)).toEqual(
      all.items.map((item: { id: string }) => item.id),
    );
    expect(rest.nextCursor).toBeNull();
    // The refund left 3.00 pending and took the 100.00 back; the 60.00 reservation leaves a debt.
    expect((await balancesOf(creator)).balances[0]).toEqual({
      currency: 'EUR',
      availableCents: -6_000,
      pendingCents: 3_000,
      reservedCents: 6_000,
    });
  });

  it('the buyer’s purchase is negative and links to the license request', async () => {
    const { creator, saleId } = await creatorWithEarnings();
    const buyer = await createUser(t, { verified: true });
    // The sale's purchase, made the signed-in buyer's.
    await t.db.updateTable('license_requests').set({ buyer_id: buyer.id }).where('id', '=', saleId).execute();
    const purchase = await t.db
      .updateTable('transactions')
      .set({ user_id: buyer.id })
      .where('license_request_id', '=', saleId)
      .where('type', '=', 'video_license_purchase')
      .returning('amount_cents')
      .executeTakeFirstOrThrow();
    const items = (await send('GET', '/api/me/transactions', buyer)).json().items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      amountCents: -purchase.amount_cents,
      licenseRequestId: saleId,
      licenseRequestVisible: true,
    });
    expect((await balancesOf(creator)).balances[0].availableCents).toBe(10_000);
  });

  it('CSV export: the filtered rows with a download filename and labels in the asked language', async () => {
    const { creator } = await creatorWithEarnings();
    await send('POST', '/api/me/withdrawal-requests', creator, paypal(6000));
    const en = await send('GET', '/api/me/transactions/export', creator);
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toMatch(/^text\/csv/);
    expect(en.headers['content-disposition']).toMatch(
      /^attachment; filename="transactions-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = en.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(
      'Date,Type,Status,Amount,Currency,Video,License request,Withdrawal request,Reverses',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/,Withdrawal,Pending,-60\.00,EUR,/);
    expect(lines.filter((line) => line.includes(',Video license sale,Completed,'))).toHaveLength(2);

    const el = await send('GET', '/api/me/transactions/export?type=withdrawal&lang=el', creator);
    const elLines = el.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(elLines).toHaveLength(2);
    expect(elLines[1]).toMatch(/,Ανάληψη,Σε εκκρεμότητα,-60\.00,EUR,/);
  });
});

describe('referrals', () => {
  it('each invited member: no sale yet, or the first sale date and the bonus earned', async () => {
    const referrer = await createUser(t, { verified: true });
    const seller = await createUser(t, { verified: true });
    const idle = await createUser(t, { verified: true });
    for (const invited of [seller, idle]) {
      await t.db
        .updateTable('users')
        .set({ referrer_id: referrer.id })
        .where('id', '=', invited.id)
        .execute();
    }
    const saleId = await saleEarning(t, seller.id, { amountCents: 2450, availableInDays: 30 });
    await ledgerRepository(t.db).addReferralBonusOnce({
      userId: referrer.id,
      type: 'video_license_sale_referral_bonus',
      amountCents: 490,
      currency: 'EUR',
      licenseRequestId: saleId,
      referredUserId: seller.id,
      availableAt: new Date(t.clock.now().getTime() + 30 * 86_400_000),
    });
    const items = (await send('GET', '/api/me/referrals', referrer)).json().items;
    const byId = Object.fromEntries(items.map((item: { id: string }) => [item.id, item]));
    expect(byId[idle.id]).toMatchObject({ firstSaleAt: null, bonus: null });
    expect(byId[seller.id].firstSaleAt).toEqual(expect.any(String));
    expect(byId[seller.id].bonus).toEqual({ amountCents: 490, currency: 'EUR' });
    const history = (await send('GET', '/api/me/transactions', referrer)).json().items;
    expect(
      history.map((item: { type: string; amountCents: number }) => [item.type, item.amountCents]),
    ).toEqual([['video_license_sale_referral_bonus', 490]]);
  });
});
