import type { FastifyRequest } from 'fastify';

/**
 * The paths a path guard must judge a request by, never the raw URL: the router undoes percent escapes
 * (`/%61pi/me` reaches `/api/me`), so a guard reading `request.url` is skipped by a spelling the router
 * accepts. This gives the decoded path and, when a route matched, its pattern (`/api/videos/:id`);
 * a guard applies when either is one of its paths.
 */
export function requestPaths(request: FastifyRequest): string[] {
  const raw = request.url.split('?')[0] ?? '/';
  const paths = [decodedPath(raw)];
  const pattern = request.routeOptions.url;
  if (pattern && pattern !== paths[0]) paths.push(pattern);
  return paths;
}

/** True when the request's decoded path or its route's pattern starts with one of `prefixes`. */
export function isUnder(request: FastifyRequest, prefixes: readonly string[]): boolean {
  return requestPaths(request).some((path) => prefixes.some((prefix) => path.startsWith(prefix)));
}

function decodedPath(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw; // a malformed escape matches no route: the raw path is as good as any
  }
}
