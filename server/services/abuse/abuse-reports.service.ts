import { AppError, notFound } from '../../errors';
import { abuseRequestsRepository, type NewAbuseRequest } from '../../repositories/abuse-requests.repository';
import { auditLogRepository } from '../../repositories/audit-log.repository';
import { type Executor, inTransaction } from '../../repositories/executor';

/**
 * Problem reports (SPEC 6): anyone may send one; a signed-in sender is remembered. Admins work through
 * them in a queue and mark each handled, with a note, once.
 */
export function abuseReportsService(deps: { db: Executor; now: () => Date }) {
  const reports = abuseRequestsRepository(deps.db);
  return {
    report: (input: Omit<NewAbuseRequest, 'userId'>, userId: string | null) =>
      reports.insert({ ...input, userId }),

    /** One page of new or handled reports, newest first. */
    queue: (page: { handled: boolean; limit: number; afterId: string | null }) => reports.list(page),

    /** Marks a new report handled; a report already handled answers 409 and keeps its first note. */
    handle(actorId: string, reportId: string, note: string) {
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
        return after;
      });
    },
  };
}
