import { z } from 'zod';
import { publicConfig } from '../contracts/config';
import { signedFileQuery } from '../contracts/files';
import { healthResponse, readinessResponse } from '../contracts/health';
import { endpoint } from '../endpoint';

/** The bytes, in the file's own content type (Fastify streams them; it never serialises a stream). */
const fileBytes = (description: string) => ({ description, content: { '*/*': { schema: z.any() } } });

/** The app itself: its liveness, the settings the web app needs, live events and signed files. */
export const systemEndpoints = {
  /** 200 with the database's kind, or 503 `{ status: 'unavailable' }` when the database does not answer. */
  health: endpoint({
    method: 'GET',
    path: '/healthz',
    tag: 'system',
    access: 'public',
    summary: 'Liveness: answers 200 when the database answers',
    answer: healthResponse,
    responses: { 503: z.object({ status: z.literal('unavailable') }) },
  }),
  /**
   * 200 when this instance can serve: the database answers and has every migration, the file storage takes
   * a write, the job queue runs; else 503 with the same body, naming the failing check.
   */
  ready: endpoint({
    method: 'GET',
    path: '/readyz',
    tag: 'system',
    access: 'public',
    summary: 'Readiness: database, migrations, file storage and jobs',
    answer: readinessResponse,
    responses: { 503: readinessResponse },
  }),
  /**
   * Prometheus metrics (text format), only when METRICS_TOKEN is set; else the path does not exist (404).
   * The bearer token is the permission, not a session: 401 to anyone without it, signed in or not.
   */
  metrics: endpoint({
    method: 'GET',
    path: '/metrics',
    tag: 'system',
    access: 'public',
    summary: 'Prometheus metrics; needs `Authorization: Bearer <METRICS_TOKEN>`',
    file: { mediaType: 'text/plain', description: 'The metrics in the Prometheus text format' },
  }),
  config: endpoint({
    method: 'GET',
    path: '/api/config',
    tag: 'system',
    access: 'public',
    summary: 'Settings the web app needs',
    answer: publicConfig,
  }),
  /** Server-Sent Events, read with an EventSource. */
  events: endpoint({
    method: 'GET',
    path: '/api/events',
    tag: 'events',
    access: 'signedIn',
    summary: 'Live events (text/event-stream)',
  }),
  /** The bytes of a stored file; the signature in the URL is the permission, so anyone may ask. */
  file: endpoint({
    method: 'GET',
    path: '/api/files/*',
    tag: 'files',
    access: 'public',
    summary: 'A stored file through a signed URL (single byte ranges supported)',
    query: signedFileQuery,
    refusals: [416],
    responses: { 200: fileBytes('The file'), 206: fileBytes('The bytes of the range asked for') },
  }),
};
