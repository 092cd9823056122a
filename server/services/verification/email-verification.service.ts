import { z } from 'zod';
import { VERIFICATION_LIMITS } from '../../../common/constants';
import type { Mailer } from '../../adapters/mail/mailer';
import { AppError } from '../../errors';
import type { Executor } from '../../repositories/executor';
import { sendingLogsRepository } from '../../repositories/sending-logs.repository';
import { usersRepository } from '../../repositories/users.repository';
import { verificationCodesRepository } from '../../repositories/verification-codes.repository';
import { codeMail, languageOf } from '../mail/mail-templates';
import { minutesFrom, type VerificationCodes } from './codes';

const { codeTtlMinutes, attemptsPerCode, emailsPerWindow, emailWindowMinutes, emailUpdatesPerDay } =
  VERIFICATION_LIMITS;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Step 1 of the verification (SPEC 2.5, 7: setEmail, sendVerificationEmail, verifyEmail) with the reason
 * codes of SPEC 8.1. A code works for 10 minutes and 5 tries; "Generate new verification code" sends a
 * fresh one (the old stops working), at most 3 per address per hour.
 */
export function emailVerificationService(deps: {
  db: Executor;
  mailer: Mailer;
  codes: VerificationCodes;
  now: () => Date;
}) {
  const users = usersRepository(deps.db);
  const codes = verificationCodesRepository(deps.db);
  const logs = sendingLogsRepository(deps.db);
  const subject = (userId: string, email: string) => `${userId}:email:${email.toLowerCase()}`;

  const findUser = async (userId: string) => {
    const user = await users.findStanding(userId);
    if (!user) throw new AppError('NOT_AUTHENTICATED', 401);
    return user;
  };

  /** Sends a new code to the user's address, opening a new window when the last one is over. */
  async function sendCode(user: { id: string; email: string; language: string }) {
    const now = deps.now();
    const current = await codes.find(user.id, 'email');
    const code = deps.codes.generate();
    const codeHash = deps.codes.hash(subject(user.id, user.email), code);
    const expiresAt = minutesFrom(now, codeTtlMinutes);
    const windowOpen =
      current !== undefined &&
      current.target === user.email &&
      current.created_at.getTime() > now.getTime() - emailWindowMinutes * 60_000;
    if (windowOpen) {
      if (current.sends >= emailsPerWindow) throw new AppError('EMAILS_PER_CODE_EXCEEDED', 429);
      await codes.replaceCode(user.id, 'email', codeHash, expiresAt);
    } else {
      await codes.start({ userId: user.id, channel: 'email', target: user.email, codeHash, expiresAt, now });
    }
    try {
      await deps.mailer.send(codeMail({ to: user.email, language: languageOf(user.language), code }));
    } catch (error) {
      // A code that never left must not count, nor be waited for.
      await codes.remove(user.id, 'email');
      throw error;
    }
    return { sentTo: user.email, expiresAt: expiresAt.toISOString() };
  }

  return {
    /** setEmail: the address to verify; a different one replaces the unverified address first. */
    async setEmail(userId: string, rawEmail: string) {
      const user = await findUser(userId);
      if (user.email_verified) throw new AppError('USER_ALREADY_HAS_EMAIL', 409);
      const parsed = z.email().max(254).safeParse(rawEmail.trim());
      if (!parsed.success) throw new AppError('INVALID_EMAIL', 400);
      const email = parsed.data;
      if (email.toLowerCase() !== user.email.toLowerCase()) {
        if (await users.emailTaken(email, userId)) throw new AppError('EMAIL_IS_IN_USE', 409);
        const now = deps.now();
        const recent = await logs.emailUpdatesSince(userId, new Date(now.getTime() - DAY_MS));
        if (recent >= emailUpdatesPerDay) throw new AppError('UPDATES_PER_ACCOUNT_EXCEEDED', 429);
        await users.setUnverifiedEmail(userId, email, now);
        await logs.recordEmailUpdate(userId, email, now);
        await codes.remove(userId, 'email');
      }
      return sendCode({ ...user, email });
    },

    /** sendVerificationEmail: a new code to the current address. */
    async resend(userId: string) {
      const user = await findUser(userId);
      if (user.email_verified) throw new AppError('EMAIL_ALREADY_VERIFIED', 409);
      if (!user.email) throw new AppError('USER_HAS_NO_EMAIL', 400);
      return sendCode(user);
    },

    /** verifyEmail: the code from the e-mail marks the address verified. */
    async verify(userId: string, code: string): Promise<{ status: true }> {
      const user = await findUser(userId);
      if (user.email_verified) throw new AppError('EMAIL_ALREADY_VERIFIED', 409);
      const pending = await codes.find(userId, 'email');
      if (!pending || pending.target !== user.email) throw new AppError('VERIFICATION_CODE_EXPIRED', 400);
      if (pending.expires_at.getTime() <= deps.now().getTime())
        throw new AppError('VERIFICATION_CODE_EXPIRED', 400);
      const attempt = await codes.spendAttempt(userId, 'email', attemptsPerCode);
      if (!attempt) throw new AppError('ATTEMPTS_PER_CODE_EXCEEDED', 429);
      if (!deps.codes.matches(subject(userId, user.email), code, attempt.code_hash)) {
        const remaining = attemptsPerCode - attempt.attempts;
        if (remaining <= 0) throw new AppError('ATTEMPTS_PER_CODE_EXCEEDED', 429);
        throw new AppError('INVALID_CODE', 400, { remaining, total: attemptsPerCode });
      }
      await codes.remove(userId, 'email');
      await users.markEmailVerified(userId, deps.now());
      return { status: true };
    },
  };
}
export type EmailVerificationService = ReturnType<typeof emailVerificationService>;
