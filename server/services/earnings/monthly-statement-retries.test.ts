import { expect, it } from 'vitest';
import { addMonths, monthOf } from '../../../common/months';
import { saleEarning } from '../../../tests/support/earnings';
import { createUser } from '../../../tests/support/factories';
import { setUpTestApp } from '../../../tests/support/set-up-test-app';
import { backdateFreshRows, dayIn } from '../../../tests/support/statements';
import type { MailOutbox } from '../mail/mail-outbox';
import { statementsService } from './statements.service';

/**
 * The monthly statements' run is tried every hour of the month's first days (main.ts): a member whose
 * statement failed is sent by a later run, nobody twice, and a run that reached everyone ends the month.
 */
const t = setUpTestApp();

it('a statement that failed goes out with the next run; once every member is reached, later runs stop', async () => {
  const lastMonth = addMonths(monthOf(t.clock.now()), -1);
  const first = await createUser(t);
  const second = await createUser(t);
  for (const seller of [first, second]) {
    await saleEarning(t, seller.id, { amountCents: 1_500, availableInDays: -1 });
    await backdateFreshRows(t, seller.id, dayIn(lastMonth, 10));
  }
  // The mail of the second member's statement cannot be queued, once (a database that went away, a bug).
  let failures = 1;
  const outbox: Pick<MailOutbox, 'enqueue' | 'deliverSoon'> = {
    enqueue: (trx, mail) => {
      if (mail.to === second.email && failures-- > 0) throw new Error('the outbox is unreachable');
      return t.outbox.enqueue(trx, mail);
    },
    deliverSoon: () => {},
  };
  const statements = statementsService({ db: t.db, now: t.clock.now, publicUrl: t.config.publicUrl, outbox });
  const queuedTo = async () =>
    (await t.db.selectFrom('mail_outbox').select('recipient').where('attachments', 'is not', null).execute())
      .map((row) => row.recipient)
      .sort();
  const finished = () => t.db.selectFrom('monthly_statement_runs').selectAll().execute();

  expect(await statements.mailLastMonth()).toBe(1);
  expect(await queuedTo()).toEqual([first.email]);
  expect(await finished()).toEqual([]);

  expect(await statements.mailLastMonth()).toBe(1);
  expect(await queuedTo()).toEqual([first.email, second.email].sort());
  expect((await finished()).map((run) => run.month)).toEqual([lastMonth]);

  // The month is done: a member who would now have something to say of it is not mailed again.
  await t.db.deleteFrom('monthly_statements_sent').where('user_id', '=', first.id).execute();
  expect(await statements.mailLastMonth()).toBe(0);
  expect(await queuedTo()).toEqual([first.email, second.email].sort());
});
