import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** What the sending limits count: e-mail changes per account, SMS per number and per network address. */
export function sendingLogsRepository(db: Kysely<DB>) {
  const count = async (query: Promise<{ count: string | number | bigint } | undefined>) =>
    Number((await query)?.count ?? 0);

  return {
    emailUpdatesSince(userId: string, since: Date): Promise<number> {
      return count(
        db
          .selectFrom('email_updates')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('user_id', '=', userId)
          .where('created_at', '>', since)
          .executeTakeFirst(),
      );
    },

    async recordEmailUpdate(userId: string, email: string, now: Date): Promise<void> {
      await db.insertInto('email_updates').values({ user_id: userId, email, created_at: now }).execute();
    },

    smsToNumberSince(phoneNumber: string, since: Date): Promise<number> {
      return count(
        db
          .selectFrom('sms_sends')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('phone_number', '=', phoneNumber)
          .where('created_at', '>', since)
          .executeTakeFirst(),
      );
    },

    smsFromAddressSince(ip: string, since: Date): Promise<number> {
      return count(
        db
          .selectFrom('sms_sends')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('ip', '=', ip)
          .where('created_at', '>', since)
          .executeTakeFirst(),
      );
    },

    async recordSms(row: { userId: string; phoneNumber: string; ip: string; now: Date }): Promise<void> {
      await db
        .insertInto('sms_sends')
        .values({ user_id: row.userId, phone_number: row.phoneNumber, ip: row.ip, created_at: row.now })
        .execute();
    },
  };
}
