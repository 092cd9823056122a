import {
  actionCodeBody,
  actionCodeParams,
  changeEmailInput,
  doneAnswer,
  emailResult,
  languageBody,
  passwordResetInfo,
  setPasswordBody,
} from '../contracts/auth';
import { sessionResponse } from '../contracts/session';
import { endpoint } from '../endpoint';

/**
 * Account actions better-auth keeps server-only, or that we run ourselves, behind our session (SPEC 4.7).
 * Signing in, up and out, and changing a password, are better-auth's own `/api/auth/*` endpoints.
 */
export const accountEndpoints = {
  changeEmail: endpoint({
    method: 'POST',
    path: '/api/account/email',
    tag: 'account',
    access: 'signedIn',
    summary: 'Ask to change the sign-in e-mail: a confirmation link goes to the new address',
    body: changeEmailInput,
    answer: doneAnswer,
    status: 202,
    refusals: [409],
  }),
  setPassword: endpoint({
    method: 'POST',
    path: '/api/account/password',
    tag: 'account',
    access: 'signedIn',
    summary: 'Set a first password on an account made through a social login',
    body: setPasswordBody,
    answer: doneAnswer,
  }),
  setLanguage: endpoint({
    method: 'PUT',
    path: '/api/account/language',
    tag: 'account',
    access: 'signedIn',
    summary: 'Save the language the user chose in the app: their mail and SMS follow it',
    body: languageBody,
    answer: doneAnswer,
  }),
};

/** Who is signed in: the web app's first question. */
export const sessionEndpoints = {
  session: endpoint({
    method: 'GET',
    path: '/api/session',
    tag: 'session',
    access: 'public',
    summary: 'Who is signed in (null for a visitor), with their verification, profile and account',
    answer: sessionResponse,
  }),
};

/** The codes of e-mail links (SPEC 2.1 `mode` + `oobCode`), checked before the app shows the matching form. */
export const authActionEndpoints = {
  resetPasswordInfo: endpoint({
    method: 'GET',
    path: '/api/auth-actions/reset-password/:code',
    tag: 'auth',
    access: 'public',
    summary: 'The e-mail address a password-reset code belongs to',
    params: actionCodeParams,
    answer: passwordResetInfo,
  }),
  verifyEmail: endpoint({
    method: 'POST',
    path: '/api/auth-actions/verify-email',
    tag: 'auth',
    access: 'public',
    summary: 'Apply a new-address confirmation link (signs out everywhere)',
    body: actionCodeBody,
    answer: emailResult,
    refusals: [409],
  }),
  recoverEmail: endpoint({
    method: 'POST',
    path: '/api/auth-actions/recover-email',
    tag: 'auth',
    access: 'public',
    summary: 'Apply an e-mail recovery link (signs out, mails a reset link)',
    body: actionCodeBody,
    answer: emailResult,
    refusals: [409],
  }),
};
