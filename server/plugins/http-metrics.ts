import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MetricsService } from '../services/system/metrics.service';
import { isUnder } from './request-paths';
import { SERVER_PREFIXES } from './web-app';

/** The methods counted by name; any other (the router answers it 404) counts as `OTHER`. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** The route label of whatever the web app answers: its built files, its pages and their 404s. */
export const WEB_APP_ROUTE = '(web app)';
/** The route label of a request under the server's own prefixes that no route matched (a 404). */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * The route a request is counted under: the matched route's pattern (`/api/videos/:id`), never the path
 * itself, which would make a series of every id, every file name and every path a scanner tries (label
 * values without bound fill the scraper's memory and this process's). The web app's files (a route
 * each) and pages count as one.
 */
export function routeLabel(request: FastifyRequest): string {
  if (!isUnder(request, SERVER_PREFIXES)) return WEB_APP_ROUTE;
  return request.routeOptions.url ?? UNMATCHED_ROUTE;
}

/** Counts and times every answered request, when metrics are on (METRICS_TOKEN). */
export function registerHttpMetrics(app: FastifyInstance, metrics: MetricsService | null): void {
  if (!metrics) return;
  // onResponse runs once the answer has gone out, for streams and tus's hijacked answers too.
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest({
      route: routeLabel(request),
      method: METHODS.has(request.method) ? request.method : 'OTHER',
      statusClass: `${Math.floor(reply.statusCode / 100)}xx`,
      seconds: reply.elapsedTime / 1000,
    });
  });
}
