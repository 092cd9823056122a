import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../tests/support/factories';
import { setUpTestApp } from '../../tests/support/set-up-test-app';

/**
 * Every state-changing operation refuses a request that carries cookies but does not come from our own
 * page. The list is read from the published OpenAPI document and from better-auth's own endpoints, so
 * a new route is covered the day it is added.
 */
const TV_HOST = 'tv.clips.test';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const SOME_ID = '00000000-0000-4000-8000-000000000000';

let user: TestUser;
let operations: [string, string][];
const t = setUpTestApp({ TV_HOSTNAMES: TV_HOST });
beforeAll(async () => {
  user = await createUser(t, { verified: true });
  const document = (await t.app.inject('/api/docs/json')).json() as { paths: Record<string, object> };
  const published = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method): [string, string] => [method.toUpperCase(), path]),
  );
  // better-auth's endpoints are not in the document: each names its path and methods.
  const authEndpoints = Object.values(t.app.auth.api as unknown as Record<string, AuthEndpoint>).flatMap(
    (endpoint): [string, string][] =>
      endpoint.path
        ? [endpoint.options?.method ?? []].flat().map((method) => [method, `/api/auth${endpoint.path}`])
        : [],
  );
  operations = [...published, ...authEndpoints].filter(([method]) => !SAFE_METHODS.has(method));
});

interface AuthEndpoint {
  path?: string;
  options?: { method?: string | string[] };
}

/** A concrete address for a path template: every parameter an id (the guard runs before any lookup). */
const concrete = (path: string) => path.replace(/\{[^}]+\}|:[A-Za-z]+/g, SOME_ID);

const FOREIGN: [string, Record<string, string>][] = [
  ['another site as Origin', { origin: 'https://evil.example' }],
  ['another site as Referer, no Origin', { referer: 'https://evil.example/page' }],
  ['a look-alike host', { origin: 'http://localhost:3000.evil.example' }],
  ['an opaque Origin (a sandboxed frame)', { origin: 'null' }],
  ['neither Origin nor Referer', {}],
];

describe('the cross-site request guard', () => {
  it('knows the state-changing operations of the API and of better-auth', () => {
    const listed = operations.map(([method, path]) => `${method} ${path}`);
    expect(listed).toEqual(
      expect.arrayContaining([
        'POST /api/videos/{videoId}/status',
        'DELETE /api/me/billing-addresses/{id}',
        'PATCH /api/uploads/{id}',
        'POST /api/auth/sign-out',
        'POST /api/auth/change-password',
      ]),
    );
  });

  // The router undoes percent escapes, so `/%61pi/...` is the same route and must meet the same guard.
  const SPELLINGS: [string, (url: string) => string][] = [
    ['as published', (url) => url],
    ['spelt with an escape', (url) => url.replace(/^\/api\//, '/%61pi/')],
  ];
  const CASES = SPELLINGS.flatMap(([spelling, spell]) =>
    FOREIGN.map(([name, foreign]): [string, string, Record<string, string>, (url: string) => string] => [
      name,
      spelling,
      foreign,
      spell,
    ]),
  );

  it.each(CASES)(
    'refuses every one of them with cookies from %s, %s',
    async (_name, _spelling, foreign, spell) => {
      const answers: string[] = [];
      for (const [method, path] of operations) {
        const response = await t.app.inject({
          method: method as 'POST',
          url: spell(concrete(path)),
          headers: {
            cookie: user.cookie,
            ...foreign,
            // The TV API answers on TV hostnames only: ask there, so the guard is what answers.
            ...(path.startsWith('/api/tv/') && { host: TV_HOST }),
          },
          payload: {},
        });
        const body = response.body ? (JSON.parse(response.body) as { params?: { reason?: string } }) : {};
        if (response.statusCode !== 403 || body.params?.reason !== 'origin') {
          answers.push(`${method} ${path}: ${response.statusCode} ${response.body.slice(0, 120)}`);
        }
      }
      expect(answers).toEqual([]);
    },
  );
});

/**
 * The origins a page may sign in from and change things from: PUBLIC_URL's, TRUSTED_ORIGINS, and outside
 * production any loopback name on our port (a newcomer opens http://127.0.0.1:3000, the address the
 * console printed). Which list production gets is config.test.ts's.
 */
describe('the trusted origins', () => {
  const o = setUpTestApp({ PORT: '3000', TRUSTED_ORIGINS: 'https://www.clips.test' });
  let address = 0;
  // As a browser sends it: with the cookies it already has for the site (here the chosen language), so
  // the guard, which lets a request without cookies through, has its say.
  const signIn = (email: string, origin: string) =>
    o.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin, cookie: 'language=el' },
      remoteAddress: `10.201.0.${++address}`,
      payload: { email, password: 'secret-password' },
    });

  it.each(['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000', 'https://www.clips.test'])(
    'sign in from %s, and change things there with the session',
    async (origin) => {
      const member = await createUser(o);
      const signedIn = await signIn(member.email, origin);
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      const cookie = String([signedIn.headers['set-cookie']].flat()[0]).split(';')[0]!;
      const signOut = await o.app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: { origin, cookie },
        payload: {},
      });
      expect(signOut.statusCode, signOut.body).toBe(200);
    },
  );

  it.each(['http://127.0.0.1:4000', 'http://localhost:3001', 'https://clips.test'])(
    'refuse a sign-in (with cookies or without) and a change from %s',
    async (origin) => {
      const member = await createUser(o);
      const signedIn = await signIn(member.email, origin);
      expect(signedIn.statusCode).toBe(403);
      expect(signedIn.headers['set-cookie']).toBeUndefined();
      const change = await o.app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: { origin, cookie: member.cookie },
        payload: {},
      });
      expect(change.statusCode).toBe(403);
      // A first visit, no cookies yet: another site's page still cannot sign its visitor in (login CSRF).
      for (const url of ['/api/auth/sign-in/email', '/api/auth/sign-up/email']) {
        const fresh = await o.app.inject({
          method: 'POST',
          url,
          headers: { origin },
          remoteAddress: `10.201.1.${++address}`,
          payload: { email: member.email, password: 'secret-password', name: 'Someone' },
        });
        expect(fresh.statusCode, url).toBe(403);
        expect(fresh.headers['set-cookie']).toBeUndefined();
      }
    },
  );
});
