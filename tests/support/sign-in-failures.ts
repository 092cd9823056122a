import { type Kysely, sql } from 'kysely';
import type { DB } from '../../server/db/schema';
import { signInAccountKey } from '../../server/plugins/auth-sign-in-limit';

/** The failed sign-ins counted for `email`'s account in its current window (0 when none). */
export async function signInFailuresOf(db: Kysely<DB>, email: string): Promise<number> {
  const row = await db
    .selectFrom('sign_in_failures')
    .select('failures')
    .where('email_hash', '=', signInAccountKey(email))
    .where('window_ends_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row?.failures ?? 0;
}

/** Stores `failures` failed sign-ins for `email` in a window that ends in an hour (no requests needed). */
export async function setSignInFailures(db: Kysely<DB>, email: string, failures: number): Promise<void> {
  const windowEnd = sql<Date>`now() + interval '1 hour'`;
  await db
    .insertInto('sign_in_failures')
    .values({ email_hash: signInAccountKey(email), failures, window_ends_at: windowEnd })
    .onConflict((conflict) =>
      conflict.column('email_hash').doUpdateSet({ failures, window_ends_at: windowEnd }),
    )
    .execute();
}

/** Ends the window of `email`'s failed sign-ins now, as if its hour had passed. */
export async function endSignInFailureWindow(db: Kysely<DB>, email: string): Promise<void> {
  await db
    .updateTable('sign_in_failures')
    .set({ window_ends_at: sql<Date>`now() - interval '1 second'` })
    .where('email_hash', '=', signInAccountKey(email))
    .execute();
}
