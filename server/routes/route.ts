import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { z } from 'zod';
import type { Access, AnswerIn, BodyOf, Endpoint, ParamsOf, QueryOf } from '../../common/endpoint';
import type { Caller } from '../policies/caller';
import { assertAllowed, assertSignedIn } from '../policies/caller';
import { isLicenseManager } from '../policies/license.policy';
import { isAdmin, isVideoStaff } from '../policies/staff.policy';
import { assertVerified } from '../policies/verification.policy';
import { errorBody, errorResponses } from './responses';

/** The caller a handler gets: anyone (or nobody) on a public operation, a signed-in member otherwise. */
type CallerOf<E extends Endpoint> = E['access'] extends 'public' ? Caller | null : Caller;

/** Everything a handler needs, validated: who calls, the path parameters, the query and the body. */
export interface RouteContext<E extends Endpoint> {
  caller: CallerOf<E>;
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
  /** For headers, the client's address, or a file sent as it is. */
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * What the route adds that the client never needs to know: a rate limit, a body limit, a log level, or a
 * body refusal the handler's service decides on (`attachValidation`: the TV page's token is checked first).
 */
export type RouteExtras = Pick<
  RouteShorthandOptions,
  'config' | 'bodyLimit' | 'logLevel' | 'onRequest' | 'attachValidation'
>;

const ADMIT: Record<Access, (caller: Caller | null) => void> = {
  public: () => undefined,
  signedIn: (caller) => assertSignedIn(caller),
  verified: (caller) => assertVerified(caller),
  videoStaff: (caller) => assertAllowed(caller, isVideoStaff),
  licenseManager: (caller) => assertAllowed(caller, isLicenseManager),
  admin: (caller) => assertAllowed(caller, isAdmin),
};

/** The OpenAPI and validation schema of an operation. */
function schemaOf(endpoint: Endpoint) {
  const success = endpoint.status ?? 200;
  const answer = endpoint.answer ?? (success === 204 ? z.null() : undefined);
  const refusals = Object.fromEntries((endpoint.refusals ?? []).map((status) => [status, errorBody]));
  const file = endpoint.file && {
    description: endpoint.file.description,
    content: { [endpoint.file.mediaType]: { schema: z.any() } },
  };
  return {
    tags: [endpoint.tag],
    summary: endpoint.summary,
    ...(endpoint.params && { params: endpoint.params }),
    ...(endpoint.query && { querystring: endpoint.query }),
    ...(endpoint.body && { body: endpoint.body }),
    ...(endpoint.consumes && { consumes: [...endpoint.consumes] }),
    response: {
      ...(answer && { [success]: answer }),
      ...(file && { [success]: file }),
      ...(file && endpoint.file?.notModified && { 304: { ...file, description: 'Not modified' } }),
      ...errorResponses,
      ...refusals,
      ...endpoint.responses,
    },
  };
}

/**
 * Registers one operation of a table in `common/endpoints/`: the table's path, schemas and access, and a
 * handler that asks one service and returns its answer (or sends a file itself through `reply`). A GET
 * that only members may call answers `cache-control: no-store`.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (context: RouteContext<E>) => Promise<AnswerIn<E> | FastifyReply>,
  extras: RouteExtras = {},
): void {
  const admit = ADMIT[endpoint.access];
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: schemaOf(endpoint),
    ...extras,
    handler: async (request, reply) => {
      admit(request.user);
      // An answer to a member is theirs alone: no shared cache keeps it, nor the browser's.
      if (endpoint.access !== 'public' && endpoint.method === 'GET')
        reply.header('cache-control', 'no-store');
      const answer = await handler({
        caller: request.user as CallerOf<E>,
        params: request.params as ParamsOf<E>,
        query: request.query as QueryOf<E>,
        body: request.body as BodyOf<E>,
        request,
        reply,
      });
      if (answer === reply || reply.sent) return reply;
      // The schema's own status codes narrow `reply.status`; this one is the table's success status.
      if (endpoint.status) (reply as FastifyReply).status(endpoint.status);
      return endpoint.status === 204 ? null : answer;
    },
  });
}
