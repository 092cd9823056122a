import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../tests/support/factories';
import { setUpTestApp } from '../../tests/support/set-up-test-app';
import { signUp } from '../../tests/support/test-app';
import { AUTH_ENDPOINTS } from '../plugins/auth-endpoints';

/**
 * The matrix of better-auth's endpoints (not in our OpenAPI document, so access-matrix.test.ts cannot
 * see them): every endpoint better-auth offers is declared here, with the status each kind of caller
 * gets for a valid request. The ones the product uses (plugins/auth-endpoints.ts) answer; every other
 * one is 404 for everybody. An endpoint without a row (a better-auth upgrade adding one) fails the test.
 */

const CALLERS = ['anonymous', 'member', 'verified', 'staff', 'admin'] as const;
type Who = (typeof CALLERS)[number];
type Expected = Record<Who, number>;
const all = (status: number): Expected => Object.fromEntries(CALLERS.map((who) => [who, status])) as Expected;
const signedIn = (status: number): Expected => ({ ...all(status), anonymous: 401 });
const CLOSED = all(404);

const KINDS: Record<Exclude<Who, 'anonymous'>, { verified?: boolean; rights?: string[] }> = {
  member: {},
  verified: { verified: true },
  staff: { verified: true, rights: ['manage_videos'] },
  admin: { verified: true, rights: ['admin'] },
};

interface Row {
  expect: Expected;
  /** The request `who` sends, with the session cookie it should carry (a fresh user's where it changes it). */
  request: (who: Who) => Promise<{ options: InjectOptions; cookie?: string }>;
}

let users: Record<Exclude<Who, 'anonymous'>, TestUser>;
let made = 0;
const PASSWORD = 'matrix-password';

/** A new user of `who`'s kind, with a known password (none for a visitor). */
async function freshUser(who: Who): Promise<{ cookie?: string; email: string }> {
  const email = `auth-matrix-${++made}@example.com`;
  if (who === 'anonymous') {
    await signUp(t, { email, password: PASSWORD });
    return { email };
  }
  const user = await signUp(t, { email, password: PASSWORD });
  await t.db
    .updateTable('users')
    .set({ rights: KINDS[who].rights ?? [] })
    .where('id', '=', user.id)
    .execute();
  return { cookie: user.cookie, email };
}
const post = (url: string, payload: object = {}): InjectOptions => ({ method: 'POST', url, payload });
const ownCookie = (who: Who) => (who === 'anonymous' ? undefined : users[who].cookie);
const social = { provider: 'google', callbackURL: '/' };

const OPEN: Record<string, Row> = {
  'POST /sign-up/email': {
    expect: all(200),
    request: async (who) => ({
      options: post('/api/auth/sign-up/email', {
        email: `new-${++made}@example.com`,
        password: PASSWORD,
        name: '',
      }),
      cookie: ownCookie(who),
    }),
  },
  'POST /sign-in/email': {
    expect: all(200),
    request: async (who) => {
      const { email } = await freshUser('anonymous');
      return {
        options: post('/api/auth/sign-in/email', { email, password: PASSWORD }),
        cookie: ownCookie(who),
      };
    },
  },
  // Signing out without a session has nothing to end, and says so as a success.
  'POST /sign-out': {
    expect: all(200),
    request: async (who) => ({ options: post('/api/auth/sign-out'), cookie: (await freshUser(who)).cookie }),
  },
  'POST /request-password-reset': {
    expect: all(200),
    request: async (who) => ({
      options: post('/api/auth/request-password-reset', { email: (await freshUser('anonymous')).email }),
      cookie: ownCookie(who),
    }),
  },
  'POST /reset-password': {
    expect: all(200),
    request: async (who) => {
      const { email } = await freshUser('anonymous');
      await t.app.auth.api.requestPasswordReset({ body: { email } });
      const user = await t.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      const code = await t.db
        .selectFrom('verifications')
        .select('identifier')
        .where('value', '=', user.id)
        .executeTakeFirstOrThrow();
      const token = code.identifier.slice('reset-password:'.length);
      return {
        options: post('/api/auth/reset-password', { token, newPassword: 'another-password' }),
        cookie: ownCookie(who),
      };
    },
  },
  'POST /change-password': {
    expect: signedIn(200),
    request: async (who) => ({
      options: post('/api/auth/change-password', {
        currentPassword: PASSWORD,
        newPassword: 'another-password',
      }),
      cookie: (await freshUser(who)).cookie,
    }),
  },
  'POST /sign-in/social': {
    expect: all(200),
    request: async (who) => ({ options: post('/api/auth/sign-in/social', social), cookie: ownCookie(who) }),
  },
  'POST /link-social': {
    expect: signedIn(200),
    request: async (who) => ({ options: post('/api/auth/link-social', social), cookie: ownCookie(who) }),
  },
  // A provider's return without the state the sign-in began with goes back to the app with an error.
  'GET /callback/:id': {
    expect: all(302),
    request: async (who) => ({
      options: { method: 'GET', url: '/api/auth/callback/google?code=x&state=forged' },
      cookie: ownCookie(who),
    }),
  },
};

/** Everything else better-auth offers, closed: asked with a signed-in caller's cookie too. */
const CLOSED_ENDPOINTS = [
  'GET /get-session',
  'POST /get-session',
  'POST /verify-password',
  'GET /verify-email',
  'POST /send-verification-email',
  'POST /change-email',
  'POST /update-session',
  'POST /update-user',
  'POST /delete-user',
  'GET /delete-user/callback',
  'GET /reset-password/:token',
  'GET /list-sessions',
  'POST /revoke-session',
  'POST /revoke-sessions',
  'POST /revoke-other-sessions',
  'GET /list-accounts',
  'POST /unlink-account',
  'POST /refresh-token',
  'POST /get-access-token',
  'GET /account-info',
  'GET /ok',
  'GET /error',
  'POST /callback/:id',
];
const MATRIX: Record<string, Row> = {
  ...OPEN,
  ...Object.fromEntries(
    CLOSED_ENDPOINTS.map((endpoint): [string, Row] => {
      const [method, path] = endpoint.split(' ') as ['GET' | 'POST', string];
      const url = `/api/auth${path.replace(/:\w+/g, 'x')}`;
      return [
        endpoint,
        {
          expect: CLOSED,
          request: async (who) => ({
            options: method === 'GET' ? { method, url } : post(url, { token: 'x', password: PASSWORD }),
            cookie: ownCookie(who),
          }),
        },
      ];
    }),
  ),
};

let addresses = 0;
const t = setUpTestApp({ GOOGLE_CLIENT_ID: 'matrix-client', GOOGLE_CLIENT_SECRET: 'matrix-secret' });
beforeAll(async () => {
  users = {
    member: await createUser(t, KINDS.member),
    verified: await createUser(t, KINDS.verified),
    staff: await createUser(t, KINDS.staff),
    admin: await createUser(t, KINDS.admin),
  };
}, 120_000);

interface AuthEndpoint {
  path?: string;
  options?: { method?: string | string[] };
}

describe("the matrix of better-auth's endpoints", () => {
  it('declares every endpoint better-auth offers, and opens exactly the ones the product uses', () => {
    const offered = Object.values(t.app.auth.api as unknown as Record<string, AuthEndpoint>)
      .flatMap((endpoint) =>
        endpoint.path
          ? [endpoint.options?.method ?? []].flat().map((method) => `${method} ${endpoint.path}`)
          : [],
      )
      .sort();
    const declared = Object.keys(MATRIX).sort();
    expect({
      undeclared: offered.filter((endpoint) => !declared.includes(endpoint)),
      unknown: declared.filter((endpoint) => !offered.includes(endpoint)),
    }).toEqual({ undeclared: [], unknown: [] });
    expect(Object.keys(OPEN).sort()).toEqual([...AUTH_ENDPOINTS].sort());
  });

  it.each(Object.keys(MATRIX))('%s answers each caller as declared', async (endpoint) => {
    const row = MATRIX[endpoint] as Row;
    const answers: Partial<Expected> = {};
    const bodies: string[] = [];
    for (const who of CALLERS) {
      const { options, cookie } = await row.request(who);
      const n = ++addresses;
      const response = await t.app.inject({
        ...options,
        headers: { origin: t.config.publicUrl, ...(cookie && { cookie }), ...options.headers },
        remoteAddress: `10.91.${Math.floor(n / 250) % 250}.${n % 250}`,
      });
      answers[who] = response.statusCode;
      bodies.push(`${who}: ${response.body.slice(0, 200)}`);
      if (response.statusCode === 404) expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect(answers, bodies.join('\n')).toEqual(row.expect);
  });
});
