import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';

/**
 * The pool or an open transaction: what every repository is built on. Services and jobs hold one and
 * hand it to repositories; they never query it themselves (Kysely is written in repositories only).
 */
export type Executor = Kysely<DB>;
/** An open transaction, for repository methods that must run inside one (row locks). */
export type Tx = Transaction<DB>;

/** Runs `work` in one transaction; repositories built on its executor take part in it. */
export function inTransaction<T>(db: Executor, work: (trx: Tx) => Promise<T>): Promise<T> {
  return db.transaction().execute(work);
}
