import type { ToastType } from '../../../common/constants';
import type { TFunction, Translator } from '../../../common/translator';
import { ApiError } from '../../lib/api';
import { errorMessageKey } from '../../lib/error-message';

/** Session problems read the same in every step (SPEC 8.1 "session expired"). */
const SESSION_CODES = new Set(['NOT_AUTHENTICATED', 'NOT_AUTHORIZED']);

/** A message that ends a sentence before the next one starts ("Invalid verification code" has no stop). */
export const asSentence = (text: string) => (/[.!?;…]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/** The text of a failed verification call, in the user's language, with the tries left when known. */
export function verificationErrorText(error: unknown, t: TFunction, i18n: Translator): string {
  if (error instanceof ApiError && SESSION_CODES.has(error.code)) return t('verification.sessionExpired');
  const message = t(errorMessageKey(error, i18n));
  const params = error instanceof ApiError ? error.params : undefined;
  if (params && typeof params.remaining === 'number') {
    return `${asSentence(message)} ${t('verification.attemptsLeft', params)}`;
  }
  return message;
}

/**
 * The toast of the "Generate new verification code" button (SPEC 8.1): the address cannot take more
 * mail, or cannot be verified at all, are errors; a session that expired or an address that is already
 * verified or missing are warnings.
 */
export function resendFailureToast(error: unknown, t: TFunction, i18n: Translator): [ToastType, string] {
  const code = error instanceof ApiError ? error.code : '';
  if (code === 'UPDATES_PER_ACCOUNT_EXCEEDED') return ['danger', t('verification.email.cannotVerify')];
  if (SESSION_CODES.has(code)) return ['warning', t('verification.sessionExpired')];
  if (code === 'EMAIL_ALREADY_VERIFIED' || code === 'USER_HAS_NO_EMAIL')
    return ['warning', t(`errors.${code}`)];
  return ['danger', verificationErrorText(error, t, i18n)];
}
