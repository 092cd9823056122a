import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';
import { isUnder } from './request-paths';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery guard for the whole API, auth included (better-auth checks the origin only
 * on some of its endpoints): a state-changing request that carries cookies must come from our own origin
 * (the Origin header, or the Referer when a browser omits Origin): one of `trustedOrigins` (config.ts).
 */
export function registerCsrfGuard(app: FastifyInstance, trustedOrigins: readonly string[]): void {
  const trusted = new Set(trustedOrigins);
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !isUnder(request, ['/api/'])) return;
    if (!request.headers.cookie) return; // nothing ambient to abuse
    const source = request.headers.origin ?? request.headers.referer;
    const origin = source && URL.canParse(source) ? new URL(source).origin : null;
    if (!origin || !trusted.has(origin)) throw new AppError('NOT_AUTHORIZED', 403, { reason: 'origin' });
  });
}
