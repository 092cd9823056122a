import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

export function usersRepository(db: Kysely<DB>) {
  return {
    /** The staff rights of a user; none for an unknown id. */
    async findRights(userId: string): Promise<string[]> {
      const row = await db.selectFrom('users').select('rights').where('id', '=', userId).executeTakeFirst();
      return row?.rights ?? [];
    },

    /** How a user can sign in: with a password, and/or through which social providers. */
    async findSignInMethods(userId: string): Promise<{ passwordSet: boolean; socialProviders: string[] }> {
      const accounts = await db
        .selectFrom('accounts')
        .select(['provider_id', 'password'])
        .where('user_id', '=', userId)
        .execute();
      return {
        passwordSet: accounts.some(
          (account) => account.provider_id === 'credential' && account.password !== null,
        ),
        socialProviders: accounts
          .filter((account) => account.provider_id !== 'credential')
          .map((account) => account.provider_id),
      };
    },
  };
}
