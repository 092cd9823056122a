import type { Language } from '../../../common/constants';
import type { Mailer } from '../../adapters/mail/mailer';
import { AppError } from '../../errors';
import { actionCodesRepository } from '../../repositories/action-codes.repository';
import type { Executor } from '../../repositories/executor';
import { usersRepository } from '../../repositories/users.repository';
import { actionLink, actionMail, languageOf } from '../mail/mail-templates';
import type { AccountPasswordService } from './account-password.service';

const CONFIRM_TTL_SECONDS = 60 * 60;
const RECOVER_TTL_SECONDS = 3 * 24 * 60 * 60;

interface ChangePayload {
  userId: string;
  newEmail: string;
}
interface RecoverPayload {
  userId: string;
  oldEmail: string;
}

function codeError(result: 'expired' | null): AppError {
  return new AppError(result === 'expired' ? 'ACTION_CODE_EXPIRED' : 'INVALID_ACTION_CODE', 400);
}

/**
 * Changing the sign-in e-mail (SPEC 4.7): the new address confirms with a link (`mode=verifyEmail`);
 * the old one is then told and can undo it for three days (`mode=recoverEmail`), which also sends it a
 * password-reset link. Each step signs the account out everywhere.
 */
export function emailChangeService(deps: {
  db: Executor;
  mailer: Mailer;
  publicUrl: string;
  requestPasswordReset: (email: string) => Promise<void>;
  passwords: Pick<AccountPasswordService, 'confirm'>;
}) {
  const users = usersRepository(deps.db);
  const codes = actionCodesRepository(deps.db);
  const link = (mode: string, code: string, language: Language) =>
    actionLink(deps.publicUrl, mode, code, language);

  return {
    /**
     * Sends the confirmation link to the new address, once the current password proves the caller is the
     * owner (`session`: the request's headers, for better-auth).
     */
    async request(
      userId: string,
      session: Headers,
      input: { newEmail: string; password: string },
    ): Promise<{ status: true }> {
      await deps.passwords.confirm(session, input.password);
      const { newEmail } = input;
      const user = await users.findById(userId);
      if (!user) throw new AppError('NOT_AUTHENTICATED', 401);
      if (user.email.toLowerCase() === newEmail.toLowerCase())
        throw new AppError('USER_ALREADY_HAS_EMAIL', 400);
      if (await users.emailTaken(newEmail, userId)) throw new AppError('EMAIL_IS_IN_USE', 409);
      const language = languageOf(user.language);
      const code = await codes.issue(
        'change-email',
        { userId, newEmail } satisfies ChangePayload,
        CONFIRM_TTL_SECONDS,
      );
      await deps.mailer.send(
        actionMail('verifyEmail', { to: newEmail, language, url: link('verifyEmail', code, language) }),
      );
      return { status: true };
    },

    /** Applies a confirmation link: the new address becomes the sign-in e-mail; the old one is told. */
    async confirm(code: string): Promise<{ email: string }> {
      const payload = await codes.consume<ChangePayload>('change-email', code);
      if (payload === null || payload === 'expired') throw codeError(payload);
      const user = await users.findById(payload.userId);
      if (!user) throw new AppError('INVALID_ACTION_CODE', 400);
      if (await users.emailTaken(payload.newEmail, user.id)) throw new AppError('EMAIL_IS_IN_USE', 409);
      const language = languageOf(user.language);
      const recover = await codes.issue(
        'recover-email',
        { userId: user.id, oldEmail: user.email } satisfies RecoverPayload,
        RECOVER_TTL_SECONDS,
      );
      // The old address hears first, with its way back: when the mail server is down the address stays
      // as it was (the link is spent; the user asks again), never changed without the old one knowing.
      await deps.mailer.send(
        actionMail('emailChanged', {
          to: user.email,
          language,
          url: link('recoverEmail', recover, language),
          params: { newEmail: payload.newEmail },
        }),
      );
      await users.replaceEmail(user.id, payload.newEmail);
      return { email: payload.newEmail };
    },

    /** Applies a recovery link: the old address comes back, and gets a password-reset link. */
    async recover(code: string): Promise<{ email: string }> {
      const payload = await codes.consume<RecoverPayload>('recover-email', code);
      if (payload === null || payload === 'expired') throw codeError(payload);
      if (await users.emailTaken(payload.oldEmail, payload.userId))
        throw new AppError('EMAIL_IS_IN_USE', 409);
      await users.replaceEmail(payload.userId, payload.oldEmail);
      await deps.requestPasswordReset(payload.oldEmail);
      return { email: payload.oldEmail };
    },
  };
}
export type EmailChangeService = ReturnType<typeof emailChangeService>;
