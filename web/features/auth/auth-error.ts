import type { i18n as I18n } from 'i18next';
import { ApiError } from '../../lib/api';

/** The i18n key for a failed auth call: better-auth's code when we translate it, else a plain fallback. */
export function authErrorKey(error: unknown, i18n: I18n): string {
  if (!(error instanceof ApiError)) return 'auth.serverErrors.UNKNOWN';
  if (error.status === 429) return 'auth.serverErrors.TOO_MANY_REQUESTS';
  for (const key of [`auth.serverErrors.${error.code}`, `errors.${error.code}`]) {
    if (i18n.exists(key)) return key;
  }
  return 'auth.serverErrors.UNKNOWN';
}
