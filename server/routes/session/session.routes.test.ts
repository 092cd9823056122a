import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../../tests/support/set-up-test-app';
import { signUp } from '../../../tests/support/test-app';

const t = setUpTestApp();

describe('GET /api/session', () => {
  it('is null for a visitor', async () => {
    const response = await t.app.inject('/api/session');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: null });
  });

  it('is null for a forged session cookie', async () => {
    const response = await t.app.inject({
      url: '/api/session',
      headers: { cookie: 'better-auth.session_token=forged.value' },
    });
    expect(response.json()).toEqual({ user: null });
  });

  it('gives the signed-in user with the rights only an admin can grant', async () => {
    const user = await signUp(t, { email: 'staff@example.com', name: 'Staff Member' });
    await t.db
      .updateTable('users')
      .set({ rights: ['manage_videos'] })
      .where('id', '=', user.id)
      .execute();
    const response = await t.app.inject({ url: '/api/session', headers: { cookie: user.cookie } });
    expect(response.json()).toEqual({
      user: {
        id: user.id,
        name: 'Staff Member',
        email: 'staff@example.com',
        emailVerified: false,
        image: null,
        rights: ['manage_videos'],
        passwordSet: true,
        socialProviders: [],
        phoneNumber: null,
        phoneNumberVerified: false,
        verified: false,
        profile: null,
        account: null,
      },
    });
  });

  it('does not let a sign-up grant itself rights', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: t.config.publicUrl },
      payload: { email: 'sneaky@example.com', password: 'secret-password', name: 'S', rights: ['admin'] },
    });
    // The sign-up itself succeeds (the unknown field is dropped), so the rights are shown to be empty.
    expect(response.statusCode, response.body).toBe(200);
    const rows = await t.db
      .selectFrom('users')
      .select(['id', 'rights'])
      .where('email', '=', 'sneaky@example.com')
      .execute();
    expect(rows).toEqual([{ id: response.json().user.id, rights: [] }]);
    // Sign-up starts no session (the same answer for a taken address): sign in to read it.
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: t.config.publicUrl },
      payload: { email: 'sneaky@example.com', password: 'secret-password' },
    });
    const session = await t.app.inject({
      url: '/api/session',
      headers: { cookie: String(signedIn.headers['set-cookie']).split(';')[0] },
    });
    expect(session.json().user).toMatchObject({ email: 'sneaky@example.com', rights: [] });
  });
});
