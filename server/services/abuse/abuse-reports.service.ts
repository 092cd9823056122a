import { abuseRequestsRepository, type NewAbuseRequest } from '../../repositories/abuse-requests.repository';
import type { Executor } from '../../repositories/executor';

/** Problem reports (SPEC 6): anyone may send one; a signed-in sender is remembered. */
export function abuseReportsService(deps: { db: Executor }) {
  const reports = abuseRequestsRepository(deps.db);
  return {
    report: (input: Omit<NewAbuseRequest, 'userId'>, userId: string | null) =>
      reports.insert({ ...input, userId }),
  };
}
