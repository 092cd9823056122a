import type { AuditLogList } from '../../../common/contracts/admin-users';
import { auditLogRepository } from '../../repositories/audit-log.repository';
import type { Executor } from '../../repositories/executor';
import { cursorAfter, pageOf } from '../paging';
import { presentAuditEntry } from './admin-presenter';

/** A page of the log as the endpoint's query gives it. */
interface AuditLogQuery {
  limit: number;
  cursor?: string | undefined;
  actorId?: string | undefined;
  action?: string | undefined;
}

/** The audit log as admins read it (issue 20): newest first, with the names for the filters. */
export function auditLogService(deps: { db: Executor }) {
  const log = auditLogRepository(deps.db);
  return {
    /** One page of the log, and the admins and actions it holds (the filters' choices). */
    async list(query: AuditLogQuery): Promise<AuditLogList> {
      const { limit, cursor, actorId, action } = query;
      const rows = await log.list({ limit, afterId: cursorAfter(cursor), actorId, action });
      const { actors, actions } = await log.facets();
      return { ...pageOf(rows, limit, presentAuditEntry), actors, actions };
    },
  };
}
