import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../errors';
import { requestPaths } from './request-paths';

/** What the TV page may reach on a TV hostname; every other API route answers 404 there. */
const TV_HOST_API = ['/api/tv/', '/api/captcha', '/healthz', '/readyz', '/metrics'];

/** The request's hostname without port, lower-cased (`request.hostname` may still carry `[::1]:port`). */
export function hostnameOf(request: FastifyRequest): string {
  const host = request.hostname.toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  return host.replace(/:\d+$/, '');
}

/** True when the request came for one of the configured TV hostnames (SPEC 1): the TV page replaces the app. */
export function isTvHost(request: FastifyRequest, tvHostnames: readonly string[]): boolean {
  return tvHostnames.length > 0 && tvHostnames.includes(hostnameOf(request));
}

/**
 * The switch by hostname. On a TV hostname only the TV page's API, the captcha and the health check
 * answer (no sign-in, no accounts, no files); the page itself is `tv.html` (plugins/web-app.ts). On
 * any other hostname the TV API does not exist. Runs before everything else, so a refusal costs nothing.
 */
export function registerTvHostSwitch(app: FastifyInstance, tvHostnames: readonly string[]): void {
  app.addHook('onRequest', async (request) => {
    // The decoded path and the matched route, not the raw URL: `/api/%74v/` is routed to `/api/tv/`.
    const paths = requestPaths(request);
    if (isTvHost(request, tvHostnames)) {
      if (paths.every(isTvHostApi)) return;
      if (
        paths.some((path) => path.startsWith('/api/') || path.startsWith('/files/') || path === '/index.html')
      ) {
        throw notFound();
      }
      return;
    }
    if (paths.some((path) => path.startsWith('/api/tv/') || path === '/tv.html')) throw notFound();
  });
}

const isTvHostApi = (path: string) =>
  TV_HOST_API.some((prefix) => path === prefix || path.startsWith(prefix));
