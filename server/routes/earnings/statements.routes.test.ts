import { beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '../../../common/dates';
import { balancesFromRows } from '../../../common/ledger';
import { formatMoney } from '../../../common/money';
import { addMonths, monthOf, monthStart } from '../../../common/months';
import { bankTransfer, expectLedgerHolds, refundSale, saleEarning } from '../../../tests/support/earnings';
import { createUser, type TestUser } from '../../../tests/support/factories';
import { pdfText } from '../../../tests/support/pdf-text';
import { requestAs } from '../../../tests/support/requests';
import { setUpTestApp } from '../../../tests/support/set-up-test-app';
import { backdateFreshRows, dayIn, lineAfter } from '../../../tests/support/statements';

/**
 * A member's monthly statement (issue 35): a creator sells twice in one month; in the next, one sale is
 * refunded and they withdraw. Each month's PDF says its opening balance, its lines and a closing balance
 * equal to the ledger's at the month's end; only the caller's own statement is ever reachable.
 */
const t = setUpTestApp();
let send: ReturnType<typeof requestAs>;
let creator: TestUser;
let buyerEmails: string[];
/** The month of the two sales, and the next one (the refund and the withdrawal); the last complete one. */
let salesMonth: string;
let refundMonth: string;
const euros = (cents: number, language = 'en') => formatMoney(cents, 'EUR', language);
const day = (at: Date, language = 'en') => formatDate(at, language, { timeZone: 'UTC' });

beforeAll(async () => {
  send = requestAs(t);
  refundMonth = addMonths(monthOf(t.clock.now()), -1);
  salesMonth = addMonths(refundMonth, -1);
  creator = await createUser(t, { verified: true, name: 'Maria Creator' });
  const kept = await saleEarning(t, creator.id, { amountCents: 10_000, availableInDays: -1 });
  const refunded = await saleEarning(t, creator.id, { amountCents: 3_000, availableInDays: -1 });
  expect(await backdateFreshRows(t, creator.id, dayIn(salesMonth, 10))).toBe(2);
  await refundSale(t, refunded);
  expect(await backdateFreshRows(t, creator.id, dayIn(refundMonth, 5))).toBe(1);
  expect((await send('POST', '/api/me/withdrawal-requests', creator, bankTransfer(5_000))).statusCode).toBe(
    201,
  );
  expect(await backdateFreshRows(t, creator.id, dayIn(refundMonth, 12))).toBe(1);
  const buyers = await t.db
    .selectFrom('license_requests as lr')
    .innerJoin('users as u', 'u.id', 'lr.buyer_id')
    .select(['u.email'])
    .where('lr.id', 'in', [kept, refunded])
    .execute();
  buyerEmails = buyers.map((buyer) => buyer.email);
});

async function statementText(who: TestUser, month: string) {
  const answer = await send('GET', `/api/me/statements/${month}`, who);
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toBe('application/pdf');
  expect(answer.headers['content-disposition']).toBe(`attachment; filename="statement-${month}.pdf"`);
  expect(answer.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  return pdfText(answer.rawPayload);
}

/** Available plus pending, by the ledger's rule, over the rows written before `until`. */
async function ledgerBalanceBefore(userId: string, until: Date) {
  const rows = await t.db
    .selectFrom('transactions')
    .select(['type', 'status', 'amount_cents', 'currency', 'available_at', 'reverses_id'])
    .where('user_id', '=', userId)
    .where('created_at', '<', until)
    .execute();
  const balances = balancesFromRows(
    rows.map((row) => ({
      type: row.type,
      status: row.status,
      amountCents: row.amount_cents,
      currency: row.currency,
      availableAt: row.available_at && new Date(row.available_at),
      reversesId: row.reverses_id,
    })),
    until,
  );
  return balances.reduce((sum, balance) => sum + balance.availableCents + balance.pendingCents, 0);
}

describe('a month of a refund and a withdrawal', () => {
  it('opens with the earlier sales, lists the refund and the withdrawal, and closes as the ledger does', async () => {
    const text = await statementText(creator, refundMonth);
    expect(text).toContain('Monthly statement');
    expect(text).toContain('Maria Creator');
    expect(lineAfter(text, 'Opening balance')).toBe(euros(13_000));

    const refund = 'Refund: Video license sale · “Harbour at dawn”';
    expect(text).toContain(`REFUNDS\n${day(dayIn(refundMonth, 5))}\n${refund}\n${euros(-3_000)}`);
    expect(text).toContain(
      `WITHDRAWALS\n${day(dayIn(refundMonth, 12))}\nWithdrawal · (Pending)\n${euros(-5_000)}`,
    );
    expect(text).not.toContain('SALES');

    const closing = await ledgerBalanceBefore(creator.id, monthStart(addMonths(refundMonth, 1)));
    expect(closing).toBe(5_000);
    expect(lineAfter(text, 'Closing balance')).toBe(euros(closing));
    // The sales' buyers are never named: only the video's title comes with a line.
    for (const email of buyerEmails) expect(text).not.toContain(email);
  });

  it('the month of the sales opens at zero, lists both and closes at their sum', async () => {
    const text = await statementText(creator, salesMonth);
    expect(lineAfter(text, 'Opening balance')).toBe(euros(0));
    const sale = `${day(dayIn(salesMonth, 10))}\nVideo license sale · “Harbour at dawn”`;
    expect(text).toContain(`${sale}\n${euros(10_000)}`);
    expect(text).toContain(`${sale}\n${euros(3_000)}`);
    const closing = await ledgerBalanceBefore(creator.id, monthStart(refundMonth));
    expect(lineAfter(text, 'Closing balance')).toBe(euros(closing));
    expect(closing).toBe(13_000);
  });

  it('is in the member’s language', async () => {
    await t.db.updateTable('users').set({ language: 'el' }).where('id', '=', creator.id).execute();
    try {
      const text = await statementText(creator, refundMonth);
      expect(text).toContain('Μηνιαία κατάσταση λογαριασμού');
      expect(text).toContain(`${day(monthStart(refundMonth), 'el')} – `);
      expect(lineAfter(text, 'Υπόλοιπο έναρξης')).toBe(euros(13_000, 'el'));
      // A description wraps in its column: its words are read back as they run.
      expect(text.replace(/ ?\n/g, ' ')).toContain(
        'Επιστροφή χρημάτων: Πώληση άδειας βίντεο · «Harbour at dawn»',
      );
      expect(lineAfter(text, 'Από αυτό, ακόμη εντός της προθεσμίας ανάληψης')).toBe(euros(10_000, 'el'));
      expect(lineAfter(text, 'Υπόλοιπο λήξης')).toBe(euros(5_000, 'el'));
    } finally {
      await t.db.updateTable('users').set({ language: 'en' }).where('id', '=', creator.id).execute();
    }
  });

  it('the months on offer run from the first movement to this month', async () => {
    const answer = await send('GET', '/api/me/statements', creator);
    expect(answer.json()).toEqual({ months: [monthOf(t.clock.now()), refundMonth, salesMonth] });
    await expectLedgerHolds(t);
  });
});

describe('who gets what', () => {
  it('a visitor is asked to sign in', async () => {
    expect((await send('GET', '/api/me/statements', null)).statusCode).toBe(401);
    expect((await send('GET', `/api/me/statements/${refundMonth}`, null)).statusCode).toBe(401);
  });

  it('another member only ever gets their own, empty statement', async () => {
    const other = await createUser(t);
    const text = await statementText(other, refundMonth);
    expect(text).toContain('Your balance did not move this month, and nothing is left in it.');
    expect(text).not.toContain('Harbour at dawn');
    expect(text).not.toContain('Maria Creator');
    // There is no user id to give: a query naming the creator changes nothing.
    const named = await send('GET', `/api/me/statements/${refundMonth}?userId=${creator.id}`, other);
    expect(pdfText(named.rawPayload)).not.toContain('Harbour at dawn');
    expect((await send('GET', '/api/me/statements', other)).json()).toEqual({
      months: [monthOf(t.clock.now())],
    });
  });

  it('a month to come, or no month at all, is refused', async () => {
    const next = addMonths(monthOf(t.clock.now()), 1);
    for (const month of [next, '2025-13', '2025-1', 'latest']) {
      const answer = await send('GET', `/api/me/statements/${month}`, creator);
      expect(answer.statusCode, month).toBe(400);
    }
  });
});
