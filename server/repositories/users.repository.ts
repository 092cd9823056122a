import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

export function usersRepository(db: Kysely<DB>) {
  return {
    /** The staff rights of a user; none for an unknown id. */
    async findRights(userId: string): Promise<string[]> {
      const row = await db.selectFrom('users').select('rights').where('id', '=', userId).executeTakeFirst();
      return row?.rights ?? [];
    },
  };
}
