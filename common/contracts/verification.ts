import { z } from 'zod';
import { LIMITS, ROLES } from '../constants';

/**
 * Account verification (SPEC 2.5, 4.5, 5): the e-mail code, the SMS code and the profile form.
 * Messages are i18n keys; the server validates the same schemas the forms use.
 */

const email = z
  .string()
  .trim()
  .min(1, { error: 'verification.errors.emailInvalid' })
  .max(LIMITS.emailMax, { error: 'verification.errors.emailInvalid' })
  .pipe(z.email({ error: 'verification.errors.emailInvalid' }));

/** setEmail: the address to verify (the confirmation is checked by the form only). */
export const setEmailBody = z.object({ email });
export const setEmailForm = z
  .object({ email, emailConfirm: z.string().trim() })
  .refine((form) => form.email.toLowerCase() === form.emailConfirm.toLowerCase(), {
    path: ['emailConfirm'],
    error: 'verification.errors.emailsMismatch',
  });

/** A code from an e-mail or an SMS: exactly six digits. */
export const verificationCodeBody = z.object({
  code: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${LIMITS.verificationCodeLength}}$`), {
      error: 'verification.errors.codeSixDigits',
    }),
});

/** Asks for an SMS code: the number in E.164 (the form builds it from country and digits), and the solved captcha. */
export const sendSmsBody = z.object({
  phoneNumber: z
    .string()
    .trim()
    .regex(/^\+[1-9]\d{4,14}$/, { error: 'verification.errors.phoneInvalid' }),
  captcha: z.string().min(1, { error: 'verification.errors.captchaRequired' }).max(20_000),
});

/** Letters of any alphabet, digits, space, underscore and dash. */
const USERNAME_PATTERN = /^[\p{L}\p{N} _-]+$/u;

/** The key that makes a username unique: lower case without spaces, underscores and dashes (SPEC 5). */
export function usernameAlias(username: string): string {
  return username.toLowerCase().replace(/[\s_-]+/g, '');
}

/** The profile form, "Tell us about yourself" (SPEC 2.5, 5); also the later profile-info settings. */
export const profileBody = z
  .object({
    username: z
      .string()
      .trim()
      .min(1, { error: 'profile.errors.usernameRequired' })
      .min(LIMITS.usernameMin, { error: 'profile.errors.usernameTooShort' })
      .max(LIMITS.usernameMax, { error: 'profile.errors.usernameTooLong' })
      .regex(USERNAME_PATTERN, { error: 'profile.errors.usernameChars' })
      .refine((name) => usernameAlias(name).length > 0, { error: 'profile.errors.usernameChars' }),
    name: z
      .string()
      .trim()
      .min(LIMITS.fullNameMin, { error: 'profile.errors.atLeast3' })
      .max(100, { error: 'profile.errors.tooLong' }),
    role: z.enum(ROLES, { error: 'profile.errors.roleRequired' }),
    bio: z
      .string()
      .trim()
      .min(1, { error: 'profile.errors.bioRequired' })
      .max(1000, { error: 'profile.errors.tooLong' }),
    instagram: z
      .string()
      .trim()
      .max(31, { error: 'profile.errors.tooLong' })
      .refine((value) => value === '' || /^@[A-Za-z0-9._]+$/.test(value), {
        error: 'profile.errors.instagramFormat',
      }),
    country: z.string().regex(/^[A-Z]{2}$/, { error: 'profile.errors.countryRequired' }),
    isBusinessAccount: z.boolean({ error: 'profile.errors.businessRequired' }),
    companyName: z.string().trim().max(100, { error: 'profile.errors.tooLong' }),
    isPolicyAgreed: z.literal(true, { error: 'profile.errors.policyRequired' }),
    isAgeRestrictionAgreed: z.literal(true, { error: 'profile.errors.ageRequired' }),
  })
  .refine((form) => !form.isBusinessAccount || form.companyName.length >= LIMITS.companyNameMin, {
    path: ['companyName'],
    error: 'profile.errors.atLeast3',
    // Checked alongside the other fields' problems, not only once they are all fixed: the member sees
    // every error of the form at once. A body that is no object at all has only that problem.
    when: ({ issues, value }) =>
      typeof value === 'object' &&
      value !== null &&
      !issues.some((issue) => ['isBusinessAccount', 'companyName'].includes(String(issue.path?.[0]))),
  });
export type ProfileInput = z.infer<typeof profileBody>;

/** A code that is on its way: where it went and until when it works. */
const pendingCode = z.object({ sentTo: z.string(), expiresAt: z.string() }).nullable();

/** Where the signed-in user stands in the four steps, and what the forms need to start. */
export const verificationState = z.object({
  email: z.string(),
  emailVerified: z.boolean(),
  emailCode: pendingCode,
  phoneNumber: z.string().nullable(),
  phoneCode: pendingCode,
  profileComplete: z.boolean(),
  verified: z.boolean(),
  /** The country the request came from (local IP database), for the phone and profile forms. */
  countryGuess: z.string(),
});
export type VerificationState = z.infer<typeof verificationState>;

export const codeSentResponse = z.object({ sentTo: z.string(), expiresAt: z.string() });

export type VerificationStep = 'email' | 'phone' | 'profile' | 'done';

/** The current step is the first incomplete one (SPEC 2.5, 4.5). */
export function currentVerificationStep(state: {
  emailVerified: boolean;
  phoneNumber: string | null;
  profileComplete: boolean;
}): VerificationStep {
  if (!state.emailVerified) return 'email';
  if (!state.phoneNumber) return 'phone';
  if (!state.profileComplete) return 'profile';
  return 'done';
}

/** A verified user (SPEC 4.5): e-mail verified, a phone number, and a verified profile and account. */
export function isFullyVerified(facts: {
  emailVerified: boolean;
  phoneNumber: string | null;
  profileVerified: boolean;
  accountVerified: boolean;
}): boolean {
  return facts.emailVerified && facts.phoneNumber !== null && facts.profileVerified && facts.accountVerified;
}
