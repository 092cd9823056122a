import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let address = 0;
const signUpWithReferrer = (email: string, referrer_id: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: t.config.publicUrl },
    remoteAddress: `10.8.0.${++address}`,
    payload: { email, password: 'secret-password', name: '', referrer_id },
  });
const referrerOf = async (email: string) =>
  (await t.db.selectFrom('users').select('referrer_id').where('email', '=', email).executeTakeFirstOrThrow())
    .referrer_id;

describe('GET /api/users/:userId', () => {
  it('shows a user’s public name and picture, and nothing private', async () => {
    const user = await signUp(t, { email: 'public@example.com', name: 'Public Person' });
    const response = await t.app.inject(`/api/users/${user.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: user.id, name: 'Public Person', image: null });
  });

  it('answers 404 for an unknown user', async () => {
    const response = await t.app.inject('/api/users/no-such-user');
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });
});

describe('the referrer recorded at sign-up', () => {
  it('is kept when it is a real user', async () => {
    const inviter = await signUp(t, { email: 'inviter@example.com' });
    expect((await signUpWithReferrer('invited@example.com', inviter.id)).statusCode).toBe(200);
    expect(await referrerOf('invited@example.com')).toBe(inviter.id);
  });

  it('is dropped, without failing the sign-up, when it is not', async () => {
    expect((await signUpWithReferrer('stray@example.com', 'made-up-id')).statusCode).toBe(200);
    expect(await referrerOf('stray@example.com')).toBeNull();
  });
});
