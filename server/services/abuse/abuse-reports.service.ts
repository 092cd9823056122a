import type {
  AbuseQueueItem,
  AbuseQueuePage,
  AbuseQueueState,
  AbuseReportCreated,
} from '../../../common/contracts/abuse';
import { AppError, notFound } from '../../errors';
import { abuseRequestsRepository, type NewAbuseRequest } from '../../repositories/abuse-requests.repository';
import { auditLogRepository } from '../../repositories/audit-log.repository';
import { type Executor, inTransaction } from '../../repositories/executor';
import { cursorAfter, pageOf } from '../paging';
import { presentAbuseReport } from './abuse-report-presenter';

/**
 * Problem reports (SPEC 6): anyone may send one; a signed-in sender is remembered. Admins work through
 * them in a queue and mark each handled, with a note, once.
 */
export function abuseReportsService(deps: { db: Executor; now: () => Date }) {
  const reports = abuseRequestsRepository(deps.db);
  return {
    /** `reporterId`: the signed-in sender, null for a visitor. */
    async report(
      reporterId: string | null,
      input: Omit<NewAbuseRequest, 'userId'>,
    ): Promise<AbuseReportCreated> {
      const { id, created } = await reports.insert({ ...input, userId: reporterId });
      return { id, created: created.toISOString() };
    },

    /** One page of new or handled reports, newest first. */
    async queue(query: { state: AbuseQueueState; limit: number; cursor?: string }): Promise<AbuseQueuePage> {
      const { limit } = query;
      const handled = query.state === 'handled';
      const rows = await reports.list({ handled, limit, afterId: cursorAfter(query.cursor) });
      return pageOf(rows, limit, presentAbuseReport);
    },

    /** Marks a new report handled; a report already handled answers 409 and keeps its first note. */
    handle(actorId: string, reportId: string, note: string): Promise<AbuseQueueItem> {
      return inTransaction(deps.db, async (trx) => {
        const repository = abuseRequestsRepository(trx);
        const before = await repository.find(reportId);
        if (!before) throw notFound();
        const at = deps.now();
        if (!(await repository.markHandled(reportId, actorId, note, at))) {
          throw new AppError('ABUSE_REPORT_ALREADY_HANDLED', 409);
        }
        await auditLogRepository(trx).record({
          actorId,
          action: 'abuse.handle',
          subjectType: 'abuse_request',
          subjectId: reportId,
          before: { handledAt: null },
          after: { handledAt: at.toISOString(), note },
        });
        const after = await repository.find(reportId);
        if (!after) throw notFound();
        return presentAbuseReport(after);
      });
    },
  };
}
