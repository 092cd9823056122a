import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { AppConfig } from '../config';
import { cspDirectives } from './content-security-policy';

/**
 * helmet's headers on every answer: the content security policy of `content-security-policy.ts` and
 * helmet's defaults. Built once: the Fastify wrapper rebuilt helmet (parsing every directive) on each
 * request, a tenth of a cached answer's time.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: AppConfig, fileOrigin: string | null) {
  const setHeaders = helmet({
    contentSecurityPolicy: { directives: cspDirectives(config, fileOrigin) },
    // Browsers ignore HSTS over plain http, and a site reached over http has no https to pin: send it
    // only when the public address is https (helmet's default: a year, subdomains included).
    ...(!config.publicUrl.startsWith('https:') && { strictTransportSecurity: false }),
  });
  app.addHook('onRequest', (request, reply, done) =>
    setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
}
