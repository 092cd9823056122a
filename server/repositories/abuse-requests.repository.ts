import { sql } from 'kysely';
import type { Executor } from './executor';
import { keysetPage } from './keyset-page';

export interface NewAbuseRequest {
  email: string;
  subject: string;
  message: string;
  url: string;
  userId: string | null;
}

/** A report in the admin queue, with the names of its sender (when signed in) and of who handled it. */
export interface AbuseQueueRow {
  id: string;
  email: string;
  subject: string;
  message: string;
  url: string;
  user_id: string | null;
  reporter_name: string | null;
  created: Date;
  handled_at: Date | null;
  handled_by: string | null;
  handler_name: string | null;
  handled_note: string | null;
}

export function abuseRequestsRepository(db: Executor) {
  /** The report with the names people know the sender and the handler by (username, else account name). */
  const withNames = () =>
    db
      .selectFrom('abuse_requests as a')
      .leftJoin('users as reporter', 'reporter.id', 'a.user_id')
      .leftJoin('user_profiles as reporter_profile', 'reporter_profile.user_id', 'a.user_id')
      .leftJoin('users as handler', 'handler.id', 'a.handled_by')
      .leftJoin('user_profiles as handler_profile', 'handler_profile.user_id', 'a.handled_by')
      .select([
        'a.id',
        'a.email',
        'a.subject',
        'a.message',
        'a.url',
        'a.user_id',
        'a.created',
        'a.handled_at',
        'a.handled_by',
        'a.handled_note',
        sql<string | null>`coalesce(reporter_profile.name, reporter.name)`.as('reporter_name'),
        sql<string | null>`coalesce(handler_profile.name, handler.name)`.as('handler_name'),
      ]);
  return {
    /** Stores one report; `created` is the database's clock, not the caller's. */
    insert(report: NewAbuseRequest) {
      return db
        .insertInto('abuse_requests')
        .values({
          email: report.email,
          subject: report.subject,
          message: report.message,
          url: report.url,
          user_id: report.userId,
        })
        .returning(['id', 'created'])
        .executeTakeFirstOrThrow();
    },

    /** One page of the queue, newest first, after the report `afterId` (one extra row tells of a next page). */
    list(page: { handled: boolean; limit: number; afterId: string | null }): Promise<AbuseQueueRow[]> {
      const query = withNames().where('a.handled_at', page.handled ? 'is not' : 'is', null);
      return keysetPage(query, { table: 'abuse_requests', alias: 'a', time: 'created' }, page).execute();
    },

    find(id: string): Promise<AbuseQueueRow | undefined> {
      return withNames().where('a.id', '=', id).executeTakeFirst();
    },

    /**
     * Marks a new report handled: compare-and-set on `handled_at is null`, so of two admins handling it at
     * once one wins and the other learns it was already done (false).
     */
    async markHandled(id: string, by: string, note: string, at: Date): Promise<boolean> {
      const result = await db
        .updateTable('abuse_requests')
        .set({ handled_at: at, handled_by: by, handled_note: note })
        .where('id', '=', id)
        .where('handled_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
  };
}
export type AbuseRequestsRepository = ReturnType<typeof abuseRequestsRepository>;
