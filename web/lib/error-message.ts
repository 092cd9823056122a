import type { i18n as I18n } from 'i18next';
import { ApiError } from './api';

/** Refusals for too many attempts that say more than "wait a few minutes": what else the user can do. */
const OWN_LIMIT_MESSAGES = new Set(['SIGN_IN_PAUSED']);

/**
 * The i18n key of the message for a failed call: our error codes live under `errors.`, better-auth's
 * (sign-in, password ...) under `auth.serverErrors.`; anything else gets the plain apology.
 */
export function errorMessageKey(error: unknown, i18n: I18n): string {
  if (!(error instanceof ApiError)) return 'errors.INTERNAL_ERROR';
  if (error.status === 429) {
    return OWN_LIMIT_MESSAGES.has(error.code) ? `errors.${error.code}` : 'errors.RATE_LIMITED';
  }
  for (const key of [`errors.${error.code}`, `auth.serverErrors.${error.code}`]) {
    if (i18n.exists(key)) return key;
  }
  return 'errors.INTERNAL_ERROR';
}
