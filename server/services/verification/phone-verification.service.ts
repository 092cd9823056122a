import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { VERIFICATION_LIMITS } from '../../../common/constants';
import { AppError } from '../../errors';
import type { Executor } from '../../repositories/executor';
import { sendingLogsRepository } from '../../repositories/sending-logs.repository';
import { usersRepository } from '../../repositories/users.repository';
import { verificationCodesRepository } from '../../repositories/verification-codes.repository';
import { codeSms, languageOf } from '../mail/mail-templates';
import { minutesFrom, type VerificationCodes } from './codes';

const { codeTtlMinutes, attemptsPerCode, smsPerNumberPerDay, smsPerAddressPerDay } = VERIFICATION_LIMITS;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The parts of the captcha and SMS adapters this service needs. */
export interface PhoneVerificationDeps {
  db: Executor;
  codes: VerificationCodes;
  now: () => Date;
  captcha: { verify(payload: string | undefined): Promise<'ok' | 'expired' | 'failed'> };
  sms: { send(message: { to: string; body: string }): Promise<void> };
}

/** SMS provider failures (SmsSendError reasons) as the reasons of SPEC 8.2. */
const SMS_FAILURES = {
  'invalid-phone-number': new AppError('INVALID_PHONE_NUMBER', 400),
  'quota-exceeded': new AppError('SMS_QUOTA_EXCEEDED', 429),
  'operation-not-allowed': new AppError('OPERATION_NOT_ALLOWED', 403),
} as const;

/** A valid number, in E.164, or null. */
export function normalisePhoneNumber(input: string): string | null {
  const parsed = parsePhoneNumberFromString(input);
  return parsed?.isValid() ? parsed.number : null;
}

/**
 * Step 2 of the verification (SPEC 2.5, 7, 8.2, 8.3): a captcha is checked before any SMS is sent;
 * SMS are limited per number and per network address; the code works for 10 minutes and 5 tries; the
 * number is stored only once verified, and one number belongs to one account.
 */
export function phoneVerificationService(deps: PhoneVerificationDeps) {
  const users = usersRepository(deps.db);
  const codes = verificationCodesRepository(deps.db);
  const logs = sendingLogsRepository(deps.db);
  const subject = (userId: string, phone: string) => `${userId}:phone:${phone}`;

  return {
    /** Checks the captcha and the limits, then texts a new code to the number. */
    async sendCode(userId: string, ip: string, input: { phoneNumber: string; captcha: string }) {
      const user = await users.findStanding(userId);
      if (!user) throw new AppError('NOT_AUTHENTICATED', 401);
      // SPEC 8.2 user-disabled: an account disabled while this request was on its way gets no SMS.
      if (user.disabled_at !== null) throw new AppError('USER_DISABLED', 403);
      const phoneNumber = normalisePhoneNumber(input.phoneNumber);
      if (!phoneNumber) throw new AppError('INVALID_PHONE_NUMBER', 400);
      const captcha = await deps.captcha.verify(input.captcha);
      if (captcha === 'expired') throw new AppError('CAPTCHA_EXPIRED', 400);
      if (captcha !== 'ok') throw new AppError('CAPTCHA_FAILED', 400);
      if (await users.phoneTaken(phoneNumber, userId)) throw new AppError('PHONE_NUMBER_IN_USE', 409);

      const now = deps.now();
      const dayAgo = new Date(now.getTime() - DAY_MS);
      if (
        (await logs.smsToNumberSince(phoneNumber, dayAgo)) >= smsPerNumberPerDay ||
        (await logs.smsFromAddressSince(ip, dayAgo)) >= smsPerAddressPerDay
      ) {
        throw new AppError('SMS_QUOTA_EXCEEDED', 429);
      }

      const code = deps.codes.generate();
      const expiresAt = minutesFrom(now, codeTtlMinutes);
      await codes.start({
        userId,
        channel: 'phone',
        target: phoneNumber,
        codeHash: deps.codes.hash(subject(userId, phoneNumber), code),
        expiresAt,
        now,
      });
      await logs.recordSms({ userId, phoneNumber, ip, now });
      try {
        await deps.sms.send({ to: phoneNumber, body: codeSms(languageOf(user.language), code) });
      } catch (error) {
        await codes.remove(userId, 'phone');
        const reason = (error as { reason?: string }).reason;
        throw SMS_FAILURES[reason as keyof typeof SMS_FAILURES] ?? error;
      }
      return { sentTo: phoneNumber, expiresAt: expiresAt.toISOString() };
    },

    /** The code from the SMS: the number becomes the account's verified number. */
    async verify(userId: string, code: string): Promise<{ phoneNumber: string }> {
      const pending = await codes.find(userId, 'phone');
      if (!pending || pending.expires_at.getTime() <= deps.now().getTime())
        throw new AppError('PHONE_CODE_EXPIRED', 400);
      const attempt = await codes.spendAttempt(userId, 'phone', attemptsPerCode);
      if (!attempt) throw new AppError('PHONE_CODE_EXPIRED', 400);
      if (!deps.codes.matches(subject(userId, attempt.target), code, attempt.code_hash)) {
        const remaining = attemptsPerCode - attempt.attempts;
        if (remaining <= 0) throw new AppError('PHONE_CODE_EXPIRED', 400);
        throw new AppError('INVALID_PHONE_CODE', 400, { remaining, total: attemptsPerCode });
      }
      if (await users.phoneTaken(attempt.target, userId)) throw new AppError('PHONE_NUMBER_IN_USE', 409);
      try {
        await users.setPhoneNumber(userId, attempt.target, deps.now());
      } catch (error) {
        // Another account verified the same number between our check and our write.
        if ((error as { code?: string }).code === '23505') throw new AppError('PHONE_NUMBER_IN_USE', 409);
        throw error;
      }
      await codes.remove(userId, 'phone');
      return { phoneNumber: attempt.target };
    },
  };
}
export type PhoneVerificationService = ReturnType<typeof phoneVerificationService>;
