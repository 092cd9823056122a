import { describe, expect, it } from 'vitest';
import el from '../../common/i18n/el.json';
import en from '../../common/i18n/en.json';
import { Translator } from '../../common/translator';
import { ApiError } from './api';
import { errorMessageKey } from './error-message';

const i18n = new Translator('en', { en, el });

describe('errorMessageKey', () => {
  it("shows a paused account's sign-in refusal as its own message, with the way out, in both languages", () => {
    const key = errorMessageKey(new ApiError(429, 'SIGN_IN_PAUSED'), i18n);
    expect(key).toBe('errors.SIGN_IN_PAUSED');
    expect(i18n.getFixedT('en')(key)).toContain('Forgot password?');
    expect(i18n.getFixedT('el')(key)).toContain('Ξεχάσατε τον κωδικό;');
  });

  it("shows the verification limits' own texts (SPEC 8.1, 8.2): what to do instead of waiting", () => {
    const en = i18n.getFixedT('en');
    expect(en(errorMessageKey(new ApiError(429, 'ATTEMPTS_PER_CODE_EXCEEDED'), i18n))).toBe(
      'Verification code is expired! In order to proceed you have to request new verification code.',
    );
    expect(en(errorMessageKey(new ApiError(429, 'SMS_QUOTA_EXCEEDED'), i18n))).toBe(
      'SMS quota exceeded. Please try again later',
    );
    for (const code of ['EMAILS_PER_CODE_EXCEEDED', 'UPDATES_PER_ACCOUNT_EXCEEDED'])
      expect(errorMessageKey(new ApiError(429, code), i18n)).toBe(`errors.${code}`);
  });

  it('shows a refusal for too many requests that has no text of its own as the plain "wait a few minutes"', () => {
    for (const code of ['RATE_LIMITED', 'TOO_MANY_REQUESTS', 'SOMETHING_NEW']) {
      expect(errorMessageKey(new ApiError(429, code), i18n)).toBe('errors.RATE_LIMITED');
    }
  });

  it("shows better-auth's refusals under auth.serverErrors and anything unknown as the apology", () => {
    expect(errorMessageKey(new ApiError(401, 'INVALID_EMAIL_OR_PASSWORD'), i18n)).toBe(
      'auth.serverErrors.INVALID_EMAIL_OR_PASSWORD',
    );
    expect(errorMessageKey(new ApiError(500, 'SOMETHING_ELSE'), i18n)).toBe('errors.INTERNAL_ERROR');
    expect(errorMessageKey(new Error('network'), i18n)).toBe('errors.INTERNAL_ERROR');
  });
});
