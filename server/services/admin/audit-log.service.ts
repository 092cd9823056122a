import { type AuditLogPage, auditLogRepository } from '../../repositories/audit-log.repository';
import type { Executor } from '../../repositories/executor';

/** The audit log as admins read it (issue 20): newest first, with the names for the filters. */
export function auditLogService(deps: { db: Executor }) {
  const log = auditLogRepository(deps.db);
  return {
    list: (page: AuditLogPage) => log.list(page),
    facets: () => log.facets(),
  };
}
