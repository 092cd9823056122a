import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

export interface NewAbuseRequest {
  email: string;
  subject: string;
  message: string;
  url: string;
  userId: string | null;
}

export function abuseRequestsRepository(db: Kysely<DB>) {
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
  };
}
export type AbuseRequestsRepository = ReturnType<typeof abuseRequestsRepository>;
