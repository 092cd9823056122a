import type { Kysely } from 'kysely';
import type { CaptchaStore } from '../adapters/captcha/captcha';
import type { DB } from '../db/schema';

/** Rows are kept a minute past their expiry, in case another app instance's clock runs behind ours. */
const CLOCK_SKEW_MS = 60_000;

/** The captcha's used solutions, on our database, so every app instance refuses a replay. */
export function captchaUsesRepository(db: Kysely<DB>): CaptchaStore {
  return {
    async markUsed(id, expiresAt) {
      // An expired challenge is refused before it gets here, so its row has no more use: the table
      // stays as small as the last few minutes of solved captchas.
      await db
        .deleteFrom('captcha_uses')
        .where('expires_at', '<', new Date(Date.now() - CLOCK_SKEW_MS))
        .execute();
      // One statement, so two requests with the same solution cannot both insert it.
      const inserted = await db
        .insertInto('captcha_uses')
        .values({ id, expires_at: expiresAt })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },
  };
}
