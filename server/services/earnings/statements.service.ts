import type { FastifyBaseLogger } from 'fastify';
import type { StatementMonths } from '../../../common/contracts/earnings';
import { formatMonth } from '../../../common/dates';
import { addMonths, monthOf, monthStart, monthsBetween } from '../../../common/months';
import { ROUTES } from '../../../common/routes';
import { AppError, notFound } from '../../errors';
import { type Executor, inTransaction } from '../../repositories/executor';
import { statementsRepository } from '../../repositories/statements.repository';
import type { MailOutbox } from '../mail/mail-outbox';
import { actionMail, languageOf } from '../mail/mail-templates';
import { buildStatement, isWorthMailing, type MonthlyStatement } from './monthly-statement';
import { renderStatementPdf } from './statement-pdf';

type Member = { id: string; email: string; name: string; language: string };

/**
 * A member's monthly statement (issue 35): the months they may ask for, one month's PDF, and the mail of
 * last month's on the first of each month (main.ts's upkeep). Months are UTC calendar months.
 */
export function statementsService(deps: {
  db: Executor;
  now: () => Date;
  publicUrl: string;
  outbox: Pick<MailOutbox, 'enqueue' | 'deliverSoon'>;
  log?: Pick<FastifyBaseLogger, 'error'>;
}) {
  const { db, now, publicUrl } = deps;

  /** The month's statement from the rows written before its end, or before now for the month under way. */
  async function statementOf(executor: Executor, userId: string, month: string) {
    const from = monthStart(month);
    const at = now();
    // A month to come has no statement; an earlier month than the first row has an empty one.
    if (from.getTime() > at.getTime())
      throw new AppError('VALIDATION_FAILED', 400, undefined, [
        { field: 'month', message: 'errors.VALIDATION_FAILED' },
      ]);
    const next = monthStart(addMonths(month, 1));
    const until = next.getTime() < at.getTime() ? next : at;
    return buildStatement(await statementsRepository(executor).rowsBefore(userId, until), month, from, until);
  }

  const pdfOf = (statement: MonthlyStatement, member: Member) =>
    renderStatementPdf(statement, member, languageOf(member.language), publicUrl);

  /** Queues one member's statement of `month`, unless already queued or there is nothing to say. */
  function mailOne(member: Member, month: string): Promise<boolean> {
    return inTransaction(db, async (trx) => {
      const statement = await statementOf(trx, member.id, month);
      if (!isWorthMailing(statement)) return false;
      if (!(await statementsRepository(trx).claimMailing(member.id, month))) return false;
      const language = languageOf(member.language);
      const mail = actionMail('monthlyStatement', {
        to: member.email,
        language,
        url: `${publicUrl}${ROUTES.myTransactions}`,
        params: { month: formatMonth(month, language) },
      });
      const pdf = await pdfOf(statement, member);
      await deps.outbox.enqueue(trx, {
        ...mail,
        attachments: [
          {
            filename: `statement-${month}.pdf`,
            contentType: 'application/pdf',
            contentBase64: pdf.toString('base64'),
          },
        ],
      });
      return true;
    });
  }

  return {
    /** The months the member may ask for, newest first: from their first balance row to this month. */
    async months(userId: string): Promise<StatementMonths> {
      const current = monthOf(now());
      const first = await statementsRepository(db).firstRowAt(userId);
      return { months: monthsBetween(first ? monthOf(first) : current, current) };
    },

    /** One month's statement as a PDF in the member's language, and the name to download it under. */
    async pdf(userId: string, month: string) {
      const member = await statementsRepository(db).member(userId);
      if (!member) throw notFound();
      const pdf = await pdfOf(await statementOf(db, userId, month), member);
      return { pdf, fileName: `statement-${month}.pdf` };
    },

    /**
     * Last month's statement to every member whose month moved money or who holds a balance, each in their
     * language with the PDF attached. Safe to run twice, on two instances at once: `monthly_statements_sent`
     * lets one mail per member and month through. A member whose statement fails is logged and left for
     * the next run (main.ts runs it hourly for three days); once a run reaches every member, the month is
     * done and later runs read nothing more.
     */
    async mailLastMonth(): Promise<number> {
      const month = addMonths(monthOf(now()), -1);
      const statements = statementsRepository(db);
      if (await statements.runFinished(month)) return 0;
      const members = await statements.recipients(monthStart(addMonths(month, 1)), month);
      let queued = 0;
      let failed = 0;
      for (const member of members) {
        try {
          if (await mailOne(member, month)) queued++;
        } catch (error) {
          failed++;
          deps.log?.error({ err: error, userId: member.id, month }, 'monthly statement not queued');
        }
      }
      if (failed === 0) await statements.finishRun(month);
      if (queued > 0) deps.outbox.deliverSoon();
      return queued;
    },
  };
}
