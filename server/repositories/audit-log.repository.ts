import type { AuditAction, AuditSubject } from '../../common/audit';
import type { Executor } from './executor';
import { keysetPage } from './keyset-page';

export interface AuditLogPage {
  limit: number;
  afterId: string | null;
  actorId?: string | undefined;
  action?: string | undefined;
}

/** One admin action (DESIGN "Rights"): who did what to which subject, and how it looked before and after. */
export interface AuditEntry {
  actorId: string;
  action: AuditAction;
  subjectType: AuditSubject;
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

    /**
     * Newest first (keyset on created_at, id), one row more than the page, with the actor's name and,
     * when the subject is a user, theirs.
     */
    list(page: AuditLogPage) {
      let query = db
        .selectFrom('audit_log as l')
        .leftJoin('users as actor', 'actor.id', 'l.actor_id')
        .leftJoin('user_aliases as actor_alias', 'actor_alias.user_id', 'l.actor_id')
        .leftJoin('users as subject', (join) =>
          join.onRef('subject.id', '=', 'l.subject_id').on('l.subject_type', '=', 'user'),
        )
        .select([
          'l.id',
          'l.actor_id',
          'actor.name as actor_name',
          'actor_alias.alias as actor_username',
          'l.action',
          'l.subject_type',
          'l.subject_id',
          'subject.name as subject_name',
          'l.before',
          'l.after',
          'l.reason',
          'l.created_at',
        ]);
      if (page.actorId) query = query.where('l.actor_id', '=', page.actorId);
      if (page.action) query = query.where('l.action', '=', page.action);
      return keysetPage(query, { table: 'audit_log', alias: 'l' }, page).execute();
    },

    /** Who has acted and which actions exist, for the filters of the log. */
    async facets() {
      const actors = await db
        .selectFrom('users')
        .leftJoin('user_aliases as alias', 'alias.user_id', 'users.id')
        .select(['users.id', 'users.name', 'alias.alias as username'])
        .where('users.id', 'in', (eb) =>
          eb.selectFrom('audit_log').select('actor_id').where('actor_id', 'is not', null).distinct(),
        )
        .orderBy('users.name')
        .execute();
      const actions = await db
        .selectFrom('audit_log')
        .select('action')
        .distinct()
        .orderBy('action')
        .execute();
      return { actors, actions: actions.map((row) => row.action) };
    },
  };
}
