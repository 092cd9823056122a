import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../tests/support/factories';
import { setUpTestApp } from '../../tests/support/set-up-test-app';
import { pathsWithNul } from './input-characters';

/** PostgreSQL refuses U+0000 in text: it must be a 400 with a code at the door, never a 500. */
let member: TestUser;
const t = setUpTestApp();
beforeAll(async () => {
  member = await createUser(t);
});

let addresses = 0;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, who?: TestUser) =>
  t.app.inject({
    method,
    url,
    headers: { origin: t.config.publicUrl, ...(who && { cookie: who.cookie }) },
    remoteAddress: `10.203.0.${++addresses % 250}`, // clear of the auth rate limits
    ...(payload && { payload }),
  });

const expectRefused = (response: Awaited<ReturnType<typeof call>>, field: string) => {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({
    code: 'INVALID_CHARACTERS',
    fields: [{ field, message: 'errors.INVALID_CHARACTERS' }],
  });
};

describe('a NUL character in a request', () => {
  it('is refused in a query', async () => {
    expectRefused(await call('GET', '/api/videos/search?q=a%00b'), 'q');
    expectRefused(await call('GET', '/api/users?q=%00'), 'q');
  });

  it('is refused in a path id', async () => {
    expectRefused(await call('GET', '/api/videos/abc%00'), 'videoId');
    expectRefused(await call('GET', '/api/users/%00'), 'userId');
    expectRefused(await call('GET', '/api/auth-actions/reset-password/x%00'), 'code');
  });

  it('is refused in a JSON body, nested fields and keys included', async () => {
    const report = { email: 'a@example.com', subject: 'Hi\u0000', message: 'Text', url: '' };
    expectRefused(await call('POST', '/api/abuse-reports', report), 'subject');
    const address = await call('POST', '/api/me/billing-addresses', { line1: ['ok', 'x\u0000'] }, member);
    expectRefused(address, 'line1.1');
    expectRefused(await call('PUT', '/api/me/profile', { 'user\u0000name': 'x' }, member), 'user\u0000name');
  });

  it("is refused on better-auth's routes, which zod does not guard", async () => {
    const signIn = { email: 'someone\u0000@example.com', password: 'secret-password' };
    expectRefused(await call('POST', '/api/auth/sign-in/email', signIn), 'email');
    const signUp = { email: 'new@example.com', password: 'secret-password', name: 'A\u0000' };
    expectRefused(await call('POST', '/api/auth/sign-up/email', signUp), 'name');
    const reset = { token: 'abc\u0000', newPassword: 'another-password' };
    expectRefused(await call('POST', '/api/auth/reset-password', reset), 'token');
    expectRefused(await call('GET', '/api/auth/reset-password/abc%00?callbackURL=%2F'), '*');
  });

  it('lets the same requests through without it', async () => {
    expect((await call('GET', '/api/videos/search?q=ab')).statusCode).toBe(200);
    const signIn = { email: 'someone@example.com', password: 'secret-password' };
    expect((await call('POST', '/api/auth/sign-in/email', signIn)).statusCode).toBe(401);
  });
});

describe('pathsWithNul', () => {
  it('names every string or key that holds one, and nothing else', () => {
    expect(pathsWithNul({ a: 'ok', b: ['x', 'y\u0000'], c: { 'd\u0000': 1, e: null, f: 2 } }).sort()).toEqual(
      ['b.1', 'c.d\u0000'],
    );
    expect(pathsWithNul('\u0000')).toEqual(['']);
    expect(pathsWithNul(undefined)).toEqual([]);
  });
});
