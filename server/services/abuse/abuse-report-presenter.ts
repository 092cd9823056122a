import type { AbuseQueueItem } from '../../../common/contracts/abuse';
import type { AbuseQueueRow } from '../../repositories/abuse-requests.repository';

const person = (id: string | null, name: string | null) => (id ? { id, name: name ?? '' } : null);

/** A report as the admins' queue shows it: who sent it (a member, or only an address) and who handled it. */
export function presentAbuseReport(row: AbuseQueueRow): AbuseQueueItem {
  return {
    id: row.id,
    url: row.url,
    email: row.email,
    reporter: person(row.user_id, row.reporter_name),
    subject: row.subject,
    message: row.message,
    created: row.created.toISOString(),
    handledAt: row.handled_at?.toISOString() ?? null,
    handledBy: person(row.handled_by, row.handler_name),
    handledNote: row.handled_note,
  };
}
