import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_COUNTRY } from '../../../common/constants';
import {
  codeSentResponse,
  currentVerificationStep,
  sendSmsBody,
  verificationCodeBody,
  verificationState,
} from '../../../common/contracts/verification';
import { notAuthenticated } from '../../errors';
import { assertSignedIn } from '../../policies/caller';
import { errorBody, errorResponses } from '../responses';

const ok = z.object({ status: z.literal(true) });
const refusals = { ...errorResponses, 409: errorBody, 429: errorBody };

/**
 * The verification modal's endpoints (SPEC 2.5, 7). They act on the caller's own account only: there
 * is no user id to pass, so nobody can verify, or learn about, someone else's account.
 */
export const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const accounts = app.services.accountOverview;
  const { email, phone } = app.services.verification;
  const caller = (request: { user: { id: string } | null }) => {
    assertSignedIn(request.user);
    return request.user;
  };
  /** A pending code, as long as it still works. */
  const pending = (row: { target: string; expires_at: Date } | undefined) =>
    row && row.expires_at.getTime() > app.clock().getTime()
      ? { sentTo: row.target, expiresAt: row.expires_at.toISOString() }
      : null;

  app.get(
    '/api/verification',
    {
      schema: {
        tags: ['verification'],
        summary: 'Where the caller stands in the four verification steps',
        response: { 200: verificationState, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = caller(request);
      reply.header('cache-control', 'no-store');
      const found = await accounts.verificationStanding(user.id);
      if (!found) throw notAuthenticated();
      const { standing, emailCode, phoneCode } = found;
      const facts = {
        emailVerified: standing.email_verified,
        phoneNumber: standing.phone_number,
        profileComplete: standing.profile_verified === true && standing.account_verified === true,
      };
      return {
        email: standing.email,
        ...facts,
        emailCode: emailCode?.target === standing.email ? pending(emailCode) : null,
        phoneCode: pending(phoneCode),
        verified: currentVerificationStep(facts) === 'done',
        countryGuess: app.geo.countryOf(request.ip) ?? DEFAULT_COUNTRY,
      };
    },
  );

  app.post(
    '/api/verification/email',
    {
      config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
      schema: {
        tags: ['verification'],
        summary: 'setEmail: the address to verify; a six-digit code is e-mailed to it',
        // The address itself is checked by the service, which answers INVALID_EMAIL (SPEC 8.1).
        body: z.object({ email: z.string().max(320) }),
        response: { 200: codeSentResponse, ...refusals },
      },
    },
    async (request) => email.setEmail(caller(request).id, request.body.email),
  );

  app.post(
    '/api/verification/email/code',
    {
      config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
      schema: {
        tags: ['verification'],
        summary: 'sendVerificationEmail: a new code to the current address',
        response: { 200: codeSentResponse, ...refusals },
      },
    },
    async (request) => email.resend(caller(request).id),
  );

  app.post(
    '/api/verification/email/verify',
    {
      config: { rateLimit: { max: 20, timeWindow: '15 minutes' } },
      schema: {
        tags: ['verification'],
        summary: 'verifyEmail: the code from the e-mail',
        body: verificationCodeBody,
        response: { 200: ok, ...refusals },
      },
    },
    async (request) => {
      await email.verify(caller(request).id, request.body.code);
      return { status: true as const };
    },
  );

  app.post(
    '/api/verification/phone',
    {
      // A burst guard only: the daily SMS limits per number and per address are the service's.
      config: { rateLimit: { max: 30, timeWindow: '15 minutes' } },
      schema: {
        tags: ['verification'],
        summary: 'Texts a code to the number, once the captcha is solved',
        body: sendSmsBody,
        response: { 200: codeSentResponse, ...refusals },
      },
    },
    async (request) => phone.sendCode(caller(request).id, request.ip, request.body),
  );

  app.post(
    '/api/verification/phone/verify',
    {
      config: { rateLimit: { max: 20, timeWindow: '15 minutes' } },
      schema: {
        tags: ['verification'],
        summary: 'The code from the SMS: the number becomes the verified number of the account',
        body: verificationCodeBody,
        response: { 200: z.object({ phoneNumber: z.string() }), ...refusals },
      },
    },
    async (request) => phone.verify(caller(request).id, request.body.code),
  );
};
