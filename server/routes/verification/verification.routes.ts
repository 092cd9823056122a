import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { verificationEndpoints as endpoints } from '../../../common/endpoints/verification';
import { route } from '../route';

const sendLimit = { config: { rateLimit: { max: 10, timeWindow: '15 minutes' } } };
const verifyLimit = { config: { rateLimit: { max: 20, timeWindow: '15 minutes' } } };

/**
 * The verification modal's endpoints (SPEC 2.5, 7): the operations of `common/endpoints/verification.ts`.
 * They act on the caller's own account only: there is no user id to pass, so nobody can verify, or learn
 * about, someone else's account.
 */
export const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accountOverview, emailVerification, phoneVerification } = app.services;

  route(app, endpoints.state, ({ caller, request }) =>
    accountOverview.verificationState(caller.id, request.ip),
  );
  route(
    app,
    endpoints.setEmail,
    ({ caller, body }) => emailVerification.setEmail(caller.id, body.email),
    sendLimit,
  );
  route(app, endpoints.resendEmailCode, ({ caller }) => emailVerification.resend(caller.id), sendLimit);
  route(
    app,
    endpoints.verifyEmail,
    ({ caller, body }) => emailVerification.verify(caller.id, body.code),
    verifyLimit,
  );
  route(
    app,
    endpoints.sendSms,
    ({ caller, request, body }) => phoneVerification.sendCode(caller.id, request.ip, body),
    // A burst guard only: the daily SMS limits per number and per address are the service's.
    { config: { rateLimit: { max: 30, timeWindow: '15 minutes' } } },
  );
  route(
    app,
    endpoints.verifyPhone,
    ({ caller, body }) => phoneVerification.verify(caller.id, body.code),
    verifyLimit,
  );
};
