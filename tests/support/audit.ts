import type { Kysely } from 'kysely';
import type { DB } from '../../server/db/schema';

/** The audit rows written about one subject (a user, a withdrawal, a feed), oldest first. */
export function auditRowsOf(db: Kysely<DB>, subjectId: string) {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where('subject_id', '=', subjectId)
    .orderBy('created_at')
    .execute();
}
