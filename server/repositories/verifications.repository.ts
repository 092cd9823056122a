import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

export function verificationsRepository(db: Kysely<DB>) {
  return {
    /**
     * The account a password-reset code belongs to. better-auth keeps such a code as the verification
     * `reset-password:<code>` whose value is the user id; the route test pins that contract.
     */
    findPasswordReset(code: string) {
      return db
        .selectFrom('verifications')
        .innerJoin('users', 'users.id', 'verifications.value')
        .select(['users.email', 'verifications.expires_at'])
        .where('verifications.identifier', '=', `reset-password:${code}`)
        .executeTakeFirst();
    },
  };
}
