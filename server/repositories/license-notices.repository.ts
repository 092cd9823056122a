import { sql } from 'kysely';
import type { Executor } from './executor';

/** Whom the licensing notices go to, with their addresses and languages. */
export function licenseNoticesRepository(db: Executor) {
  return {
    /** One user's address and language, or undefined. */
    findUser(userId: string) {
      return db
        .selectFrom('users')
        .select(['id', 'email', 'language', 'rights'])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    /** Every license manager: admins and holders of `manage_licenses` (at most `limit`). */
    listManagers(limit = 50) {
      return db
        .selectFrom('users')
        .select(['id', 'email', 'language', 'rights'])
        .where(sql<boolean>`rights && array['admin', 'manage_licenses']::text[]`)
        .orderBy('created_at')
        .limit(limit)
        .execute();
    },
  };
}
