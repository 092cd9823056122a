import type { Kysely } from 'kysely';
import type { DB, VerificationCodesTable } from '../db/schema';

type Channel = VerificationCodesTable['channel'];

/**
 * One pending code per user and channel (e-mail or phone), stored as a keyed hash. The row also
 * counts the codes sent in its window (`sends`, since `created_at`) and the tries of the current code.
 */
export function verificationCodesRepository(db: Kysely<DB>) {
  return {
    find(userId: string, channel: Channel) {
      return db
        .selectFrom('verification_codes')
        .selectAll()
        .where('user_id', '=', userId)
        .where('channel', '=', channel)
        .executeTakeFirst();
    },

    /** Starts a new window with its first code. */
    async start(row: {
      userId: string;
      channel: Channel;
      target: string;
      codeHash: string;
      expiresAt: Date;
      now: Date;
    }): Promise<void> {
      const values = {
        target: row.target,
        code_hash: row.codeHash,
        expires_at: row.expiresAt,
        attempts: 0,
        sends: 1,
        created_at: row.now,
      };
      await db
        .insertInto('verification_codes')
        .values({ user_id: row.userId, channel: row.channel, ...values })
        .onConflict((oc) => oc.columns(['user_id', 'channel']).doUpdateSet(values))
        .execute();
    },

    /** Replaces the code within the window, counting one more send. */
    async replaceCode(userId: string, channel: Channel, codeHash: string, expiresAt: Date): Promise<void> {
      await db
        .updateTable('verification_codes')
        .set((eb) => ({
          code_hash: codeHash,
          expires_at: expiresAt,
          attempts: 0,
          sends: eb('sends', '+', 1),
        }))
        .where('user_id', '=', userId)
        .where('channel', '=', channel)
        .execute();
    },

    /**
     * Spends one try before the code is compared, in one statement, so parallel guesses cannot get more
     * tries than allowed. Returns the row after the try, or undefined when no try is left (or no code).
     */
    spendAttempt(userId: string, channel: Channel, maxAttempts: number) {
      return db
        .updateTable('verification_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('user_id', '=', userId)
        .where('channel', '=', channel)
        .where('attempts', '<', maxAttempts)
        .returning(['target', 'code_hash', 'expires_at', 'attempts'])
        .executeTakeFirst();
    },

    async remove(userId: string, channel: Channel): Promise<void> {
      await db
        .deleteFrom('verification_codes')
        .where('user_id', '=', userId)
        .where('channel', '=', channel)
        .execute();
    },
  };
}
