import crypto from 'node:crypto';
import { LIMITS } from '../../../common/constants';

/**
 * Six-digit codes from the cryptographic generator, kept only as an HMAC keyed with the app secret:
 * a plain hash of a six-digit number is reversed in a second, a keyed one needs the secret too.
 */
export function verificationCodes(secret: string) {
  const digest = (subject: string, code: string) =>
    crypto.createHmac('sha256', secret).update(`${subject}:${code}`).digest('hex');

  return {
    generate(): string {
      return crypto
        .randomInt(0, 10 ** LIMITS.verificationCodeLength)
        .toString()
        .padStart(LIMITS.verificationCodeLength, '0');
    },

    /** The stored form of a code; `subject` ties it to one user, channel and address. */
    hash: digest,

    matches(subject: string, code: string, stored: string): boolean {
      const given = Buffer.from(digest(subject, code), 'hex');
      const expected = Buffer.from(stored, 'hex');
      return given.length === expected.length && crypto.timingSafeEqual(given, expected);
    },
  };
}
export type VerificationCodes = ReturnType<typeof verificationCodes>;

export const minutesFrom = (now: Date, minutes: number) => new Date(now.getTime() + minutes * 60_000);
