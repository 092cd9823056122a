import { z } from 'zod';
import { doneAnswer } from '../contracts/auth';
import {
  codeSentResponse,
  sendSmsBody,
  verificationCodeBody,
  verificationState,
} from '../contracts/verification';
import { endpoint } from '../endpoint';

const tag = 'verification';

/**
 * The verification modal's endpoints (SPEC 2.5, 7). They act on the caller's own account only: there
 * is no user id to pass, so nobody can verify, or learn about, someone else's account.
 */
export const verificationEndpoints = {
  state: endpoint({
    method: 'GET',
    path: '/api/verification',
    tag,
    access: 'signedIn',
    summary: 'Where the caller stands in the four verification steps',
    answer: verificationState,
  }),
  setEmail: endpoint({
    method: 'POST',
    path: '/api/verification/email',
    tag,
    access: 'signedIn',
    summary: 'setEmail: the address to verify; a six-digit code is e-mailed to it',
    // The address itself is checked by the service, which answers INVALID_EMAIL (SPEC 8.1).
    body: z.object({ email: z.string().max(320) }),
    answer: codeSentResponse,
    refusals: [409],
  }),
  resendEmailCode: endpoint({
    method: 'POST',
    path: '/api/verification/email/code',
    tag,
    access: 'signedIn',
    summary: 'sendVerificationEmail: a new code to the current address',
    answer: codeSentResponse,
    refusals: [409],
  }),
  verifyEmail: endpoint({
    method: 'POST',
    path: '/api/verification/email/verify',
    tag,
    access: 'signedIn',
    summary: 'verifyEmail: the code from the e-mail',
    body: verificationCodeBody,
    answer: doneAnswer,
    refusals: [409],
  }),
  sendSms: endpoint({
    method: 'POST',
    path: '/api/verification/phone',
    tag,
    access: 'signedIn',
    summary: 'Texts a code to the number, once the captcha is solved',
    body: sendSmsBody,
    answer: codeSentResponse,
    refusals: [409],
  }),
  verifyPhone: endpoint({
    method: 'POST',
    path: '/api/verification/phone/verify',
    tag,
    access: 'signedIn',
    summary: 'The code from the SMS: the number becomes the verified number of the account',
    body: verificationCodeBody,
    answer: z.object({ phoneNumber: z.string() }),
    refusals: [409],
  }),
};
