import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** Codes sent in e-mail links that we issue ourselves (better-auth issues the password-reset ones). */
export type ActionCodeKind = 'change-email' | 'recover-email';

const hash = (code: string) => crypto.createHash('sha256').update(code).digest('hex');

/**
 * One-time codes kept in the verifications table, hashed: a leaked table gives no usable link.
 * `consume` deletes the code as it reads it, so two clicks cannot both succeed.
 */
export function actionCodesRepository(db: Kysely<DB>) {
  return {
    async issue(kind: ActionCodeKind, payload: object, ttlSeconds: number): Promise<string> {
      const code = crypto.randomBytes(32).toString('base64url');
      await db
        .insertInto('verifications')
        .values({
          id: crypto.randomUUID(),
          identifier: `${kind}:${hash(code)}`,
          value: JSON.stringify(payload),
          expires_at: new Date(Date.now() + ttlSeconds * 1000),
        })
        .execute();
      return code;
    },

    /** The payload of a valid code, 'expired', or null when there is no such code (or it was used). */
    async consume<T>(kind: ActionCodeKind, code: string): Promise<T | 'expired' | null> {
      const row = await db
        .deleteFrom('verifications')
        .where('identifier', '=', `${kind}:${hash(code)}`)
        .returning(['value', 'expires_at'])
        .executeTakeFirst();
      if (!row) return null;
      if (row.expires_at.getTime() < Date.now()) return 'expired';
      return JSON.parse(row.value) as T;
    },
  };
}
