import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

const RESET_PREFIX = 'reset-password:';

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
        .where('verifications.identifier', '=', `${RESET_PREFIX}${code}`)
        .executeTakeFirst();
    },

    /**
     * Deletes a user's password-reset codes, all of them or all but the one stored as `keepIdentifier`
     * (`reset-password:<code>`, as better-auth stores it), so only the newest code ever works.
     */
    async voidPasswordResets(userId: string, keepIdentifier?: string): Promise<void> {
      let query = db
        .deleteFrom('verifications')
        .where('value', '=', userId)
        .where('identifier', 'like', `${RESET_PREFIX}%`);
      if (keepIdentifier) query = query.where('identifier', '!=', keepIdentifier);
      await query.execute();
    },
  };
}
