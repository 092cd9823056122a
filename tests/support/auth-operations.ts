import type { JsonSchema, Operation } from './openapi';

/**
 * better-auth's open endpoints (server/plugins/auth-endpoints.ts) as operations with the request bodies
 * the web app sends, for the fuzz suite: they are not in our OpenAPI document, so it cannot read them.
 */
const text = (extra: JsonSchema = {}): JsonSchema => ({ type: 'string', ...extra });
const object = (properties: Record<string, JsonSchema>, required: string[]): JsonSchema => ({
  type: 'object',
  properties,
  required,
});
const email = text({ format: 'email' });
const password = text({ minLength: 6, maxLength: 128 });
const socialBody = object(
  { provider: text({ enum: ['google', 'facebook', 'oidc'] }), callbackURL: text(), errorCallbackURL: text() },
  ['provider'],
);

const post = (path: string, body?: JsonSchema): Operation => ({
  key: `POST /api/auth${path}`,
  method: 'POST',
  path: `/api/auth${path}`,
  parameters: [],
  ...(body && { body }),
});

export const AUTH_OPERATIONS: Operation[] = [
  post(
    '/sign-up/email',
    object({ email, password, name: text(), language: text({ enum: ['en', 'el'] }), referrer_id: text() }, [
      'email',
      'password',
      'name',
    ]),
  ),
  post('/sign-in/email', object({ email, password, rememberMe: { type: 'boolean' } }, ['email', 'password'])),
  post('/sign-out', object({}, [])),
  post('/request-password-reset', object({ email, redirectTo: text() }, ['email'])),
  post('/reset-password', object({ token: text(), newPassword: password }, ['newPassword'])),
  post(
    '/change-password',
    object({ currentPassword: password, newPassword: password, revokeOtherSessions: { type: 'boolean' } }, [
      'currentPassword',
      'newPassword',
    ]),
  ),
  post('/sign-in/social', socialBody),
  post('/link-social', socialBody),
  {
    key: 'GET /api/auth/callback/{id}',
    method: 'GET',
    path: '/api/auth/callback/{id}',
    parameters: [
      { in: 'path', name: 'id', required: true, schema: text() },
      { in: 'query', name: 'code', schema: text() },
      { in: 'query', name: 'state', schema: text() },
      { in: 'query', name: 'error', schema: text() },
    ],
  },
];

/** Whether an operation is one of better-auth's (its refusals carry better-auth's codes). */
export const isAuthOperation = (operation: Operation) => operation.path.startsWith('/api/auth/');
