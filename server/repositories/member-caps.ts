import type { Executor } from './executor';

/**
 * How many rows of `table` a member owns, with the member's row held until the transaction ends, so that
 * the count against a cap and the insert that follows happen one at a time (NO KEY UPDATE does not block
 * sign-ins or inserts that merely reference the member).
 */
export async function countOwnedLocked(
  db: Executor,
  table: 'standing_requests' | 'collections',
  userId: string,
): Promise<number> {
  await db.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
