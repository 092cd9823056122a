import type { Translator } from '../../common/translator';
import { ApiError } from './api';

/**
 * The i18n key of the message for a failed call: our error codes live under `errors.`, better-auth's
 * (sign-in, password ...) under `auth.serverErrors.`; anything else gets the plain apology.
 */
export function errorMessageKey(error: unknown, i18n: Translator): string {
  if (!(error instanceof ApiError)) return 'errors.INTERNAL_ERROR';
  // Our own limits say what else to do (request a new code, reset the password, contact support); any
  // other refusal for too many requests (better-auth's, the proxy's) is the plain "wait a few minutes".
  if (error.status === 429) {
    return i18n.exists(`errors.${error.code}`) ? `errors.${error.code}` : 'errors.RATE_LIMITED';
  }
  for (const key of [`errors.${error.code}`, `auth.serverErrors.${error.code}`]) {
    if (i18n.exists(key)) return key;
  }
  return 'errors.INTERNAL_ERROR';
}
