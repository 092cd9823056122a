import type { Executor } from './executor';

/** One admin action (DESIGN "Rights"): who did what to which subject, and how it looked before and after. */
export interface AuditEntry {
  actorId: string;
  /** 'user.rights', 'user.disable', 'settings.update', 'terms.upload', 'license.quote', 'license.refund', 'withdrawal.pay', 'withdrawal.reject', 'ledger.adjust', … */
  action: string;
  subjectType: string;
  subjectId?: string | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

/**
 * The audit log. `record` must be called with the executor of the action's own transaction, so the
 * action and its audit row commit together or not at all.
 */
export function auditLogRepository(db: Executor) {
  const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));
  return {
    async record(entry: AuditEntry): Promise<void> {
      await db
        .insertInto('audit_log')
        .values({
          actor_id: entry.actorId,
          action: entry.action,
          subject_type: entry.subjectType,
          subject_id: entry.subjectId ?? null,
          before: json(entry.before),
          after: json(entry.after),
          reason: entry.reason ?? null,
        })
        .execute();
    },
  };
}
