import { z } from 'zod';
import { LANGUAGES, LIMITS } from '../constants';

/** The sign-in, sign-up and password forms (SPEC 5). Messages are i18n keys. */
const email = z
  .string()
  .trim()
  .min(1, { error: 'auth.errors.emailRequired' })
  .pipe(z.email({ error: 'auth.errors.invalidEmail' }));

export const signInInput = z.object({
  email,
  password: z.string().min(1, { error: 'auth.errors.passwordRequired' }),
});

export const signUpInput = z
  .object({
    email,
    password: z
      .string()
      .min(1, { error: 'auth.errors.passwordRequired' })
      .min(LIMITS.passwordMin, { error: 'auth.errors.passwordTooShort' }),
    passwordConfirm: z.string(),
  })
  .refine((form) => form.password === form.passwordConfirm, {
    path: ['passwordConfirm'],
    error: 'auth.errors.passwordsMismatch',
  });

export const forgotPasswordInput = z.object({ email });

export const newPasswordInput = z
  .object({
    newPassword: z.string().min(LIMITS.passwordMin, { error: 'auth.errors.newPasswordTooShort' }),
    newPasswordConfirm: z.string(),
  })
  .refine((form) => form.newPassword === form.newPasswordConfirm, {
    path: ['newPasswordConfirm'],
    error: 'auth.errors.passwordsMismatch',
  });

/** What the app learns from a reset link's code before showing the new-password form. */
export const passwordResetInfo = z.object({ email: z.string() });
export const actionCodeParams = z.object({ code: z.string().min(1).max(200) });

export const changePasswordInput = z
  .object({
    currentPassword: z.string().min(1, { error: 'auth.errors.passwordRequired' }),
    newPassword: z.string().min(LIMITS.passwordMin, { error: 'auth.errors.newPasswordTooShort' }),
    newPasswordConfirm: z.string(),
  })
  .refine((form) => form.newPassword === form.newPasswordConfirm, {
    path: ['newPasswordConfirm'],
    error: 'auth.errors.passwordsMismatch',
  });

/** Setting a first password on an account made through a social login (the form uses newPasswordInput). */
export const setPasswordBody = z.object({
  newPassword: z.string().min(LIMITS.passwordMin, { error: 'auth.errors.newPasswordTooShort' }).max(128),
});

/** Changing the sign-in e-mail: the new address, and the current password to prove it is the owner. */
export const changeEmailInput = z.object({
  newEmail: email,
  password: z.string().min(1, { error: 'auth.errors.passwordRequired' }),
});
/** The language a signed-in user chose in the app: their mail and SMS follow it. */
export const languageBody = z.object({ language: z.enum(LANGUAGES) });
export const actionCodeBody = z.object({ code: z.string().min(1).max(200) });
export const emailResult = z.object({ email: z.string() });
/** The answer of an account action that has nothing more to say than that it was done. */
export const doneAnswer = z.object({ status: z.literal(true) });
