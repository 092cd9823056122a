import type { z } from 'zod';

/**
 * One operation of the API, written once and read by both sides: the server registers its route from it
 * (`server/routes/route.ts`: path, validation, the OpenAPI entry and who may call), the web app calls it
 * through `web/lib/api-client.ts`, so a path or a shape that differs between them fails the typecheck.
 * The tables are `common/endpoints/<domain>.ts`.
 */
export interface Endpoint {
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Fastify's form: `/api/license-requests/:id`. */
  path: string;
  /** The OpenAPI tag (the domain) and one line on what the operation does. */
  tag: string;
  summary: string;
  /**
   * Who may call it at all, checked before the handler runs; what a caller may do to one object (their
   * own request, a visible video) is the service's question, asked of `server/policies`.
   */
  access: Access;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The answer's shape; none for a file, a stream or a redirect. */
  answer?: z.ZodType;
  /**
   * A file answer (a CSV, a PDF, an XML feed), for the OpenAPI document: its media type, and whether the
   * operation answers 304 to a cache that already holds it.
   */
  file?: { mediaType: string; description: string; notModified?: boolean };
  /** The success status: 200 unless said (201 for a creation, 204 with no answer). */
  status?: 200 | 201 | 202 | 204;
  /** Error statuses beyond the common ones (400, 401, 403, 404, 429), for the OpenAPI document. */
  refusals?: readonly (409 | 410 | 413 | 415 | 416 | 422 | 502 | 503)[];
  /**
   * What the OpenAPI document names besides `answer` and the refusals: a file's bytes, a redirect, a body
   * of its own on a failure (the health check's 503). The client reads only `answer`.
   */
  responses?: Readonly<Partial<Record<200 | 206 | 302 | 503, z.ZodType | MediaAnswer>>>;
  /** Request body media types other than JSON (an uploaded PDF or image). */
  consumes?: readonly string[];
}

/** An answer that is not JSON, for the OpenAPI document: what it is, and its media types. */
export interface MediaAnswer {
  description: string;
  content: Record<string, { schema: z.ZodType }>;
}

/**
 * `public`: anyone, signed in or not; `signedIn`: a member; `verified`: a fully verified member (SPEC 4.5);
 * `videoStaff`: manage_videos; `licenseManager`: manage_licenses; `admin`: the back office.
 */
export type Access = 'public' | 'signedIn' | 'verified' | 'videoStaff' | 'licenseManager' | 'admin';

/** Declares an operation, keeping its literal types (path, schemas) for the server and the client. */
export function endpoint<const E extends Endpoint>(definition: E): E {
  return definition;
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;
type Given<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What the server hands a handler, after validation. */
export type ParamsOf<E extends Endpoint> = Parsed<E['params']>;
export type QueryOf<E extends Endpoint> = Parsed<E['query']>;
export type BodyOf<E extends Endpoint> = Parsed<E['body']>;
/** What a handler returns (before the answer schema strips and transforms it)... */
export type AnswerIn<E extends Endpoint> = E['answer'] extends z.ZodType ? z.input<E['answer']> : unknown;
/** ...and what the client receives. */
export type AnswerOf<E extends Endpoint> = E['answer'] extends z.ZodType ? z.output<E['answer']> : unknown;

/** What a caller passes: the path parameters, the query and the body the operation declares. */
export type InputOf<E extends Endpoint> = (E['params'] extends z.ZodType
  ? { params: Given<E['params']> }
  : unknown) &
  (E['query'] extends z.ZodType ? { query?: Given<E['query']> } : unknown) &
  (E['body'] extends z.ZodType ? { body: Given<E['body']> } : unknown);

/** The path with its parameters filled in, each encoded: `/api/license-requests/:id` -> `/api/license-requests/L1`. */
export function pathOf(endpoint: Pick<Endpoint, 'path'>, params: object = {}): string {
  const values = params as Record<string, unknown>;
  return endpoint.path.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(String(values[name] ?? '')),
  );
}

/** A query string of the defined values (arrays repeat the key), with its `?`, or nothing. */
export function queryString(query: object | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
