import { beforeAll, expect, it } from 'vitest';
import { formatMonth } from '../../../common/dates';
import { formatMoney } from '../../../common/money';
import { addMonths, monthOf } from '../../../common/months';
import { saleEarning } from '../../../tests/support/earnings';
import { createUser, type TestUser } from '../../../tests/support/factories';
import { pdfText } from '../../../tests/support/pdf-text';
import { setUpSmtpServer, setUpTwoInstances } from '../../../tests/support/set-up-test-app';
import { parseMail } from '../../../tests/support/smtp';
import { backdateFreshRows, dayIn, lineAfter } from '../../../tests/support/statements';

/**
 * The mail of last month's statement on the first of the month (main.ts's upkeep), with two instances
 * running it at once and then again: one mail per member, in their language, the PDF attached.
 */
const smtp = setUpSmtpServer();
const apps = setUpTwoInstances(() => ({ SMTP_URL: smtp.url }));
let lastMonth: string;
/** Sold last month, reads Greek. */
let seller: TestUser;
/** Sold the month before and kept the money: a balance, and no movement last month. */
let holder: TestUser;
/** Sold only this month: nothing to say of last month. */
let newcomer: TestUser;
/** Never sold. */
let member: TestUser;

beforeAll(async () => {
  const t = apps.one;
  lastMonth = addMonths(monthOf(t.clock.now()), -1);
  seller = await createUser(t, { language: 'el' });
  holder = await createUser(t);
  newcomer = await createUser(t);
  member = await createUser(t);
  await saleEarning(t, seller.id, { amountCents: 4_000, availableInDays: -1 });
  await backdateFreshRows(t, seller.id, dayIn(lastMonth, 3));
  await saleEarning(t, holder.id, { amountCents: 2_500, availableInDays: -1 });
  await backdateFreshRows(t, holder.id, dayIn(addMonths(lastMonth, -1), 20));
  await saleEarning(t, newcomer.id, { amountCents: 1_000, availableInDays: 10 });
});

const mailsTo = (who: TestUser) => smtp.received.filter((mail) => mail.to.includes(who.email));

it('two instances at once, then a re-run: one mail per member with last month’s statement', async () => {
  const runs = await Promise.all([
    apps.one.app.services.statements.mailLastMonth(),
    apps.two.app.services.statements.mailLastMonth(),
  ]);
  expect(runs[0]! + runs[1]!).toBe(2);
  expect(await apps.two.app.services.statements.mailLastMonth()).toBe(0);
  await Promise.all([apps.one.outbox.deliverDue(), apps.two.outbox.deliverDue()]);

  expect(mailsTo(seller)).toHaveLength(1);
  expect(mailsTo(holder)).toHaveLength(1);
  expect(mailsTo(newcomer)).toHaveLength(0);
  expect(mailsTo(member)).toHaveLength(0);
  const claims = await apps.one.db.selectFrom('monthly_statements_sent').selectAll().execute();
  expect(claims.map((claim) => claim.month)).toEqual([lastMonth, lastMonth]);
});

it('the mail is in the member’s language and carries the statement as a PDF', async () => {
  const mail = await parseMail(mailsTo(seller)[0]!);
  expect(mail.subject).toBe(`Η κατάσταση λογαριασμού σας: ${formatMonth(lastMonth, 'el')}`);
  expect(mail.text).toContain('/me/transactions');
  expect(mail.attachments).toHaveLength(1);
  const [attachment] = mail.attachments;
  expect(attachment?.filename).toBe(`statement-${lastMonth}.pdf`);
  expect(attachment?.mimeType).toBe('application/pdf');
  const text = pdfText(Buffer.from(attachment!.content as ArrayBuffer));
  expect(text).toContain('Μηνιαία κατάσταση λογαριασμού');
  expect(lineAfter(text, 'Υπόλοιπο λήξης')).toBe(formatMoney(4_000, 'EUR', 'el'));

  const held = await parseMail(mailsTo(holder)[0]!);
  expect(held.subject).toBe(`Your statement for ${formatMonth(lastMonth, 'en')}`);
  const heldText = pdfText(Buffer.from(held.attachments[0]!.content as ArrayBuffer));
  expect(lineAfter(heldText, 'Opening balance')).toBe(formatMoney(2_500, 'EUR', 'en'));
  expect(heldText).toContain('No movements this month.');
});
