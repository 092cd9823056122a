import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';

export function usersRepository(db: Kysely<DB>) {
  return {
    /** The staff rights of a user; none for an unknown id. */
    async findRights(userId: string): Promise<string[]> {
      const row = await db.selectFrom('users').select('rights').where('id', '=', userId).executeTakeFirst();
      return row?.rights ?? [];
    },

    findPublic(userId: string) {
      return db
        .selectFrom('users')
        .select(['id', 'name', 'image'])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    findById(userId: string) {
      return db
        .selectFrom('users')
        .select(['id', 'email', 'language'])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    /** Whether another account already uses this e-mail (compared without case). */
    async emailTaken(email: string, exceptUserId?: string): Promise<boolean> {
      let query = db.selectFrom('users').select('id').where(sql`lower(email)`, '=', email.toLowerCase());
      if (exceptUserId) query = query.where('id', '!=', exceptUserId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    /** Sets the e-mail (verified) and signs the user out everywhere. */
    async replaceEmail(userId: string, email: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ email, email_verified: true, updated_at: new Date() })
          .where('id', '=', userId)
          .execute();
        await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
      });
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
