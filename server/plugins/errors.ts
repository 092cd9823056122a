import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '../../common/errors';
import en from '../../common/i18n/en.json' with { type: 'json' };
import { AppError } from '../errors';

const ENGLISH: Partial<Record<ErrorBody['code'], string>> = {
  INTERNAL_ERROR: 'Something went wrong, please try again later!',
  VALIDATION_FAILED: 'The request is not valid.',
  NOT_FOUND: 'Not found.',
  NOT_AUTHENTICATED: 'Please sign in.',
  NOT_AUTHORIZED: 'You are not allowed to do this.',
  RATE_LIMITED: 'Too many requests, please try again later.',
  PAYLOAD_TOO_LARGE: 'The request is too large.',
};

/** Every i18n key: a validation message that is one reaches the form as it is, to be shown translated. */
const MESSAGE_KEYS = new Set<string>();
(function collect(tree: object, prefix: string) {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') MESSAGE_KEYS.add(`${prefix}${key}`);
    else collect(value as object, `${prefix}${key}.`);
  }
})(en, '');

/**
 * A field's message as the client needs it: the contract's i18n key, or, where the contract left the
 * schema library's own English ("Invalid input: expected string, received undefined"), a translated
 * generic one. Every refusal reaches the user in their language.
 */
const fieldMessage = (message: string | undefined) =>
  message && MESSAGE_KEYS.has(message) ? message : 'errors.FIELD_INVALID';

/** The English text for API users and logs: our own above, else the web app's English (one source). */
const englishOf = (code: ErrorBody['code']) =>
  ENGLISH[code] ?? (en.errors as Partial<Record<string, string>>)[code] ?? code;

function body(code: ErrorBody['code'], extra: Partial<ErrorBody> = {}): ErrorBody {
  return { code, message: englishOf(code), ...extra };
}

/**
 * Fastify's router refuses some addresses before any hook or error handler runs: a broken percent escape
 * (`/api/videos/%zz`, 400) or a path parameter longer than the router allows (414). Passed to Fastify as
 * `frameworkErrors`, they answer in our error shape too instead of Fastify's own `FST_ERR_*` body.
 */
export function frameworkErrorReply(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 400;
  if (status >= 500) return reply.status(500).send(body('INTERNAL_ERROR'));
  return reply.status(status).send(body('VALIDATION_FAILED', { message: error.message }));
}

/**
 * One shape for every failure: `{ code, message, params?, fields? }`. Validation problems list each field
 * with the i18n key of its message, so the form can show it next to the field in the user's language.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((issue) => ({
        field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: fieldMessage(issue.message),
      }));
      return reply.status(400).send(body('VALIDATION_FAILED', { fields }));
    }
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .send(body(error.code, { params: error.params, fields: error.fields }));
    }
    if (error.statusCode === 429) return reply.status(429).send(body('RATE_LIMITED'));
    if (error.statusCode === 413) return reply.status(413).send(body('PAYLOAD_TOO_LARGE'));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed JSON, wrong content type and the like: the client's fault, said plainly.
      return reply.status(error.statusCode).send(body('VALIDATION_FAILED', { message: error.message }));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(body('INTERNAL_ERROR'));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(body('NOT_FOUND', { message: `No route for ${request.method} ${request.url}` }));
  });
}
