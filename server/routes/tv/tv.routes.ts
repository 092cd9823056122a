import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TV_TOKEN_HEADER } from '../../../common/contracts/tv';
import { tvEndpoints as endpoints } from '../../../common/endpoints/tv';
import { route } from '../route';

const tokenOf = (request: FastifyRequest) => {
  const value = request.headers[TV_TOKEN_HEADER];
  return typeof value === 'string' ? value : undefined;
};
/**
 * A part's body that fails its contract reaches the service (`request.validationError`), which refuses it
 * only after the token is checked, discarding the submission like any other failure.
 */
const parts = { config: { rateLimit: { max: 30, timeWindow: '1 hour' } }, attachValidation: true };

/**
 * The TV page's API (SPEC 2.7, 7 createFreeVideo; `common/endpoints/tv.ts`), answered on TV hostnames
 * only (plugins/tv-host.ts). Anonymous: a captcha opens a pending submission, whose token then carries
 * its parts.
 */
export const tvRoutes: FastifyPluginAsyncZod = async (app) => {
  const { tvSubmissions: submissions } = app.services;

  route(app, endpoints.config, async () => submissions.config());
  route(app, endpoints.open, ({ body, request }) => submissions.open(body.captcha, request.ip), {
    // Per network address: a person retrying a few times gets through, a script does not.
    config: { rateLimit: { max: 10, timeWindow: '1 hour' } },
  });
  route(
    app,
    endpoints.thumbnail,
    ({ params, body, request }) =>
      submissions.putThumbnail(tokenOf(request), params.id, body, request.validationError),
    parts,
  );
  route(
    app,
    endpoints.signature,
    ({ params, body, request }) =>
      submissions.putSignature(tokenOf(request), params.id, body, request.validationError),
    parts,
  );
  route(
    app,
    endpoints.create,
    ({ params, body, request }) =>
      submissions.create(tokenOf(request), params.id, body, request.validationError),
    parts,
  );
  route(app, endpoints.abandon, ({ params, request }) => submissions.abandon(tokenOf(request), params.id), {
    config: parts.config,
  });
};
