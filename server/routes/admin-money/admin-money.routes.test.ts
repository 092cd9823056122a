import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRowsOf } from '../../../tests/support/audit';
import { closeHoldingTheLedger, refundSale, saleEarning } from '../../../tests/support/earnings';
import { createWithdrawalRequest, creditUser } from '../../../tests/support/earnings-factories';
import { createUser, type TestUser } from '../../../tests/support/factories';
import { mailsTo, requestAs } from '../../../tests/support/requests';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { ledgerRepository } from '../../repositories/ledger.repository';

/**
 * The money back office with the default (manual) payouts: who may call it, paying with a reference,
 * rejecting with a reason, two admins at once, the ledger list with its totals and CSV, adjustments.
 */
let t: TestApp;
let admin: TestUser;
let creator: TestUser;
let refused: Record<string, TestUser | null>;
let call: ReturnType<typeof requestAs>;

beforeAll(async () => {
  t = await createTestApp();
  call = requestAs(t);
  admin = await createUser(t, { verified: true, rights: ['admin'] });
  creator = await createUser(t, { verified: true, language: 'el' });
  refused = {
    anonymous: null,
    member: await createUser(t),
    verified: await createUser(t, { verified: true }),
    staff: await createUser(t, { verified: true, rights: ['manage_videos'] }),
    manager: await createUser(t, { verified: true, rights: ['manage_licenses'] }),
  };
  await creditUser(t.db, creator.id, 20_000);
}, 120_000);
afterAll(() => closeHoldingTheLedger(t));

/** Everything the back office could change: statuses of requests and ledger rows, and the audit log. */
const moneyState = async () => ({
  requests: await t.db.selectFrom('withdrawal_requests').select(['id', 'status']).orderBy('id').execute(),
  ledger: await t.db.selectFrom('transactions').select(['id', 'status']).orderBy('id').execute(),
  audit: await t.db.selectFrom('audit_log').select('id').orderBy('id').execute(),
});

const auditOf = (subjectId: string) => auditRowsOf(t.db, subjectId);
const requestRow = (id: string) =>
  t.db.selectFrom('withdrawal_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const reservationOf = (id: string) =>
  t.db
    .selectFrom('transactions')
    .selectAll()
    .where('withdrawal_request_id', '=', id)
    .executeTakeFirstOrThrow();
const available = async (userId: string) =>
  (await ledgerRepository(t.db).balances(userId)).find((b) => b.currency === 'EUR')?.availableCents ?? 0;

describe('who may use the back office', () => {
  it('refuses visitors, members, verified members, video staff and license managers, and nothing changes', async () => {
    const id = await createWithdrawalRequest(t.db, creator.id, { amountCents: 5000 });
    const before = await moneyState();
    const calls: [Parameters<typeof call>[0], string, unknown?][] = [
      ['GET', '/api/admin/withdrawal-requests'],
      ['GET', `/api/admin/withdrawal-requests/${id}`],
      ['POST', `/api/admin/withdrawal-requests/${id}/pay`, { reference: 'BANK-1' }],
      ['POST', `/api/admin/withdrawal-requests/${id}/refresh`, undefined],
      ['POST', `/api/admin/withdrawal-requests/${id}/reject`, { reason: 'no' }],
      ['GET', '/api/admin/transactions'],
      ['GET', '/api/admin/transactions.csv'],
      [
        'POST',
        '/api/admin/transactions',
        { user: creator.email, type: 'income_transfer', amountCents: 100, currency: 'EUR', reason: 'gift' },
      ],
    ];
    for (const [who, user] of Object.entries(refused)) {
      for (const [method, url, body] of calls) {
        const response = await call(method, url, user, body);
        expect(response.statusCode, `${who} ${method} ${url}`).toBe(user ? 403 : 401);
        expect(response.body).not.toContain(creator.email);
      }
    }
    expect(await moneyState()).toEqual(before);
    // A rejection needs a reason, and says so in a translated code whether it is empty or left out.
    for (const body of [{}, { reason: '' }, { reason: '   ' }]) {
      const response = await call('POST', `/api/admin/withdrawal-requests/${id}/reject`, admin, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().fields).toEqual([
        { field: 'reason', message: 'adminMoney.errors.reasonRequired' },
      ]);
    }
    // Tidy for the tests below: the admin rejects it.
    expect(
      (await call('POST', `/api/admin/withdrawal-requests/${id}/reject`, admin, { reason: 'test' }))
        .statusCode,
    ).toBe(200);
  });
});

describe('withdrawal requests', () => {
  it('lists oldest first, by status, a page at a time', async () => {
    const base = Date.now() - 10 * 86_400_000;
    const ids = [];
    for (let n = 0; n < 3; n++) {
      ids.push(
        await createWithdrawalRequest(t.db, creator.id, {
          amountCents: 1000,
          createdAt: new Date(base + n * 1000),
        }),
      );
    }
    const first = await call('GET', '/api/admin/withdrawal-requests?status=pending&limit=2', admin);
    expect(first.statusCode).toBe(200);
    expect(first.json().items.map((item: { id: string }) => item.id)).toEqual(ids.slice(0, 2));
    const second = await call(
      'GET',
      `/api/admin/withdrawal-requests?status=pending&limit=2&cursor=${first.json().nextCursor}`,
      admin,
    );
    expect(second.json().items[0].id).toBe(ids[2]);
    for (const id of ids)
      await call('POST', `/api/admin/withdrawal-requests/${id}/reject`, admin, { reason: 'tidy' });
  });

  it('shows the details with the user, the payout details, the balance and the ledger', async () => {
    const id = await createWithdrawalRequest(t.db, creator.id, {
      method: 'bank_transfer',
      amountCents: 7000,
    });
    const response = await call('GET', `/api/admin/withdrawal-requests/${id}`, admin);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user.email).toBe(creator.email);
    expect(body.payoutDetails).toEqual({ iban: 'GR1601101250000000012300695', holder: 'Eleni Papadopoulou' });
    expect(body.balances[0]).toMatchObject({ currency: 'EUR', reservedCents: 7000 });
    expect(
      body.recentTransactions.some((row: { withdrawalRequestId: string }) => row.withdrawalRequestId === id),
    ).toBe(true);
    expect(body.automaticPayout).toBe(false);
    await call('POST', `/api/admin/withdrawal-requests/${id}/reject`, admin, { reason: 'tidy' });
  });

  it('pays manually with a reference: completed, the reservation paid, audited, the user told in Greek', async () => {
    const id = await createWithdrawalRequest(t.db, creator.id, { amountCents: 6000 });
    const before = await available(creator.id);
    expect((await call('POST', `/api/admin/withdrawal-requests/${id}/pay`, admin, {})).json().code).toBe(
      'PAYOUT_REFERENCE_REQUIRED',
    );
    const response = await call('POST', `/api/admin/withdrawal-requests/${id}/pay`, admin, {
      reference: ' SEPA-2026-11-25-01 ',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'completed' });
    const row = await requestRow(id);
    expect(row).toMatchObject({
      status: 'completed',
      payout_provider: 'manual',
      payout_reference: 'SEPA-2026-11-25-01',
      decided_by: admin.id,
    });
    expect((await reservationOf(id)).status).toBe('completed');
    expect(await available(creator.id)).toBe(before);
    const audit = await auditOf(id);
    expect(audit.map((entry) => [entry.action, entry.actor_id])).toEqual([['withdrawal.pay', admin.id]]);
    const mails = await mailsTo(t, creator.email);
    expect(mails.at(-1)?.subject).toContain('60,00');
    expect(mails.at(-1)?.text).toContain('SEPA-2026-11-25-01');
    // A second decision finds it decided and changes nothing
    const again = await call('POST', `/api/admin/withdrawal-requests/${id}/reject`, admin, {
      reason: 'late',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('WITHDRAWAL_ALREADY_DECIDED');
    expect(await auditOf(id)).toHaveLength(1);
  });

  it('rejects with a reason only: the amount is released, audited, the user told', async () => {
    const id = await createWithdrawalRequest(t.db, creator.id, { amountCents: 5500 });
    const before = await available(creator.id);
    const blank = await call('POST', `/api/admin/withdrawal-requests/${id}/reject`, admin, { reason: '  ' });
    expect(blank.statusCode).toBe(400);
    expect((await requestRow(id)).status).toBe('pending');
    const response = await call('POST', `/api/admin/withdrawal-requests/${id}/reject`, admin, {
      reason: 'The IBAN is closed',
    });
    expect(response.statusCode).toBe(200);
    expect(await requestRow(id)).toMatchObject({ status: 'rejected', reject_reason: 'The IBAN is closed' });
    expect((await reservationOf(id)).status).toBe('cancelled');
    expect(await available(creator.id)).toBe(before + 5500);
    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({
      action: 'withdrawal.reject',
      actor_id: admin.id,
      reason: 'The IBAN is closed',
    });
    const mails = await mailsTo(t, creator.email);
    expect(mails.some((mail) => mail.text?.includes('The IBAN is closed'))).toBe(true);
  });

  it('holds a payout a refund made unpayable: shown on its page, Pay refused, nothing paid', async () => {
    const member = await createUser(t, { verified: true });
    const sale = await saleEarning(t, member.id, { amountCents: 10_000, availableInDays: -1 });
    const id = await createWithdrawalRequest(t.db, member.id, { amountCents: 8000 });
    expect((await call('GET', `/api/admin/withdrawal-requests/${id}`, admin)).json().hold).toBeNull();
    // The sale is refunded after the request: its counter-rows (as a refund writes them) take the 100.00 back.
    await refundSale(t, sale);
    const page = (await call('GET', `/api/admin/withdrawal-requests/${id}`, admin)).json();
    // 100.00 earned, 80.00 reserved, 100.00 taken back
    expect(page).toMatchObject({ hold: 'balance_below_zero', balances: [{ availableCents: -8000 }] });
    const before = await moneyState();
    const paid = await call('POST', `/api/admin/withdrawal-requests/${id}/pay`, admin, {
      reference: 'SEPA-1',
    });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().code).toBe('WITHDRAWAL_BALANCE_BELOW_ZERO');
    expect(await moneyState()).toEqual(before);
    // Rejecting it releases the reservation, as for any request.
    expect(
      (await call('POST', `/api/admin/withdrawal-requests/${id}/reject`, admin, { reason: 'refunded' }))
        .statusCode,
    ).toBe(200);
  });

  it("holds a disabled member's withdrawal: flagged in the queue and on its page, Pay refused", async () => {
    const member = await createUser(t, { verified: true });
    await creditUser(t.db, member.id, 10_000);
    const id = await createWithdrawalRequest(t.db, member.id, { amountCents: 5000 });
    await t.db.updateTable('users').set({ disabled_at: t.clock.now() }).where('id', '=', member.id).execute();
    const queue = (
      await call('GET', '/api/admin/withdrawal-requests?status=pending&limit=100', admin)
    ).json();
    expect(queue.items.find((item: { id: string }) => item.id === id)).toMatchObject({
      memberDisabled: true,
    });
    expect((await call('GET', `/api/admin/withdrawal-requests/${id}`, admin)).json().hold).toBe(
      'member_disabled',
    );
    const before = await moneyState();
    const paid = await call('POST', `/api/admin/withdrawal-requests/${id}/pay`, admin, {
      reference: 'SEPA-2',
    });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().code).toBe('WITHDRAWAL_MEMBER_DISABLED');
    expect(await moneyState()).toEqual(before);
    await t.db.updateTable('users').set({ disabled_at: null }).where('id', '=', member.id).execute();
    expect(
      (await call('POST', `/api/admin/withdrawal-requests/${id}/pay`, admin, { reference: 'SEPA-2' }))
        .statusCode,
    ).toBe(200);
  });

  it('two admins paying at once pay once', async () => {
    const second = await createUser(t, { verified: true, rights: ['admin'] });
    for (let round = 0; round < 3; round++) {
      const id = await createWithdrawalRequest(t.db, creator.id, { amountCents: 1000 });
      const answers = await Promise.all([
        call('POST', `/api/admin/withdrawal-requests/${id}/pay`, admin, { reference: `A-${round}` }),
        call('POST', `/api/admin/withdrawal-requests/${id}/pay`, second, { reference: `B-${round}` }),
        call('POST', `/api/admin/withdrawal-requests/${id}/reject`, second, { reason: 'at once' }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
      expect(await auditOf(id)).toHaveLength(1);
      const status = (await requestRow(id)).status;
      expect((await reservationOf(id)).status).toBe(status === 'completed' ? 'completed' : 'cancelled');
    }
  });
});

describe('the ledger', () => {
  it('exports a reason that looks like a formula as text, never as a formula', async () => {
    const user = await createUser(t);
    const reason = '=HYPERLINK("http://evil.example","Click")';
    const adjusted = await call('POST', '/api/admin/transactions', admin, {
      user: user.email,
      type: 'income_transfer',
      amountCents: 100,
      currency: 'EUR',
      reason,
    });
    expect(adjusted.statusCode).toBe(201);
    const csv = (await call('GET', `/api/admin/transactions.csv?user=${user.id}`, admin)).body;
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(csv).not.toMatch(/(^|,)"?=HYPERLINK/m);
  });

  it('lists a user by e-mail, totals per type over the filter, and exports the filter as CSV', async () => {
    const user = await createUser(t);
    await creditUser(t.db, user.id, 1234);
    await creditUser(t.db, user.id, 766);
    await saleEarning(t, user.id, { amountCents: 500, availableInDays: -1 });
    const response = await call(
      'GET',
      `/api/admin/transactions?user=${encodeURIComponent(user.email.toUpperCase())}&limit=2`,
      admin,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.items).toHaveLength(2);
    expect(body.nextCursor).not.toBeNull();
    expect(body.totals).toEqual([
      { type: 'income_transfer', currency: 'EUR', totalCents: 2000, count: 2 },
      { type: 'video_license_sale', currency: 'EUR', totalCents: 500, count: 1 },
    ]);
    const typed = await call('GET', `/api/admin/transactions?user=${user.id}&type=income_transfer`, admin);
    expect(
      typed
        .json()
        .items.map((row: { amountCents: number }) => row.amountCents)
        .sort(),
    ).toEqual([1234, 766].sort());
    const csv = await call('GET', `/api/admin/transactions.csv?user=${user.id}`, admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toContain('amount_cents');
    expect(lines).toHaveLength(4);
    // One sign rule, as on every ledger screen: credits +, so the column sums to what the user got.
    const amountColumn = lines[0]!.split(',').indexOf('amount_cents');
    const amounts = lines.slice(1).map((line) => Number(line.split(',')[amountColumn]));
    expect(amounts.sort((a, b) => a - b)).toEqual([500, 766, 1234]);
    const debit = await call('POST', '/api/admin/transactions', admin, {
      user: user.email,
      type: 'outgoing_transfer',
      amountCents: 300,
      currency: 'EUR',
      reason: 'A payout made outside the platform',
    });
    expect(debit.statusCode, debit.body).toBe(201);
    const withDebit = (await call('GET', `/api/admin/transactions.csv?user=${user.id}`, admin)).body
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(','));
    expect(
      withDebit.find((cells) => cells.includes('outgoing_transfer'))?.slice(amountColumn, amountColumn + 2),
    ).toEqual(['-300', '-3.00']);
    expect(withDebit.reduce((sum, cells) => sum + Number(cells[amountColumn]), 0)).toBe(2200);
    const future = await call('GET', `/api/admin/transactions?user=${user.id}&from=2999-01-01`, admin);
    expect(future.json()).toMatchObject({ items: [], totals: [] });
  });

  it('adjusts a balance with a reason, by the admin, audited; an unknown user changes nothing', async () => {
    const user = await createUser(t);
    const response = await call('POST', '/api/admin/transactions', admin, {
      user: user.email,
      type: 'outgoing_transfer',
      amountCents: 2500,
      currency: 'EUR',
      reason: 'Chargeback of an earlier payout',
    });
    expect(response.statusCode).toBe(201);
    const row = await t.db
      .selectFrom('transactions')
      .selectAll()
      .where('id', '=', response.json().id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      user_id: user.id,
      status: 'completed',
      created_by: admin.id,
      reason: 'Chargeback of an earlier payout',
    });
    expect(await available(user.id)).toBe(-2500);
    expect((await auditOf(row.id)).map((entry) => entry.action)).toEqual(['ledger.adjust']);
    const before = await moneyState();
    const unknown = await call('POST', '/api/admin/transactions', admin, {
      user: 'nobody@example.com',
      type: 'income_transfer',
      amountCents: 100,
      currency: 'EUR',
      reason: 'x',
    });
    expect(unknown.statusCode).toBe(404);
    const noReason = await call('POST', '/api/admin/transactions', admin, {
      user: user.email,
      type: 'income_transfer',
      amountCents: 100,
      currency: 'EUR',
      reason: '',
    });
    expect(noReason.statusCode).toBe(400);
    // Only a currency the platform works in: "ZZZ" would open a balance nobody can price or pay.
    for (const currency of ['ZZZ', 'eur', 'BTC']) {
      const answer = await call('POST', '/api/admin/transactions', admin, {
        user: user.email,
        type: 'income_transfer',
        amountCents: 100,
        currency,
        reason: 'gift',
      });
      expect(answer.statusCode, currency).toBe(400);
      expect(answer.json().fields).toEqual([
        { field: 'currency', message: 'adminSettings.errors.currencyInvalid' },
      ]);
    }
    expect(await moneyState()).toEqual(before);
  });
});
