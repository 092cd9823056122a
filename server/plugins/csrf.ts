import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';
import { isUnder } from './request-paths';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * Where a request makes a session: another site's page must not sign its visitor into an account of its
 * choosing (login CSRF), so a browser's Origin is checked here even without cookies. A client that sends
 * no Origin (not a browser) has nothing ambient to abuse.
 */
const SESSION_MAKERS = ['/api/auth/sign-in/', '/api/auth/sign-up/'];

/**
 * Cross-site request forgery guard for the whole API, auth included (better-auth checks the origin only
 * on some of its endpoints): a state-changing request that carries cookies must come from our own origin
 * (the Origin header, or the Referer when a browser omits Origin): one of `trustedOrigins` (config.ts). A
 * sign-in or sign-up a browser sends must come from there too, cookies or not.
 */
export function registerCsrfGuard(app: FastifyInstance, trustedOrigins: readonly string[]): void {
  const trusted = new Set(trustedOrigins);
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !isUnder(request, ['/api/'])) return;
    const makesSession = request.headers.origin !== undefined && isUnder(request, SESSION_MAKERS);
    if (!request.headers.cookie && !makesSession) return; // nothing ambient to abuse
    const source = request.headers.origin ?? request.headers.referer;
    const origin = source && URL.canParse(source) ? new URL(source).origin : null;
    if (!origin || !trusted.has(origin)) throw new AppError('NOT_AUTHORIZED', 403, { reason: 'origin' });
  });
}
