import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../../tests/support/set-up-test-app';
import { signUp } from '../../../tests/support/test-app';

const t = setUpTestApp();

let address = 0;
const setPassword = (newPassword: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/account/password',
    payload: { newPassword },
    headers: { origin: t.config.publicUrl, ...(cookie && { cookie }) },
    remoteAddress: `10.7.0.${++address}`,
  });
const signIn = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
    headers: { origin: t.config.publicUrl },
    remoteAddress: `10.7.1.${++address}`,
  });

describe('POST /api/account/password', () => {
  it('sets a first password on an account without one, which then signs in', async () => {
    // An account whose only way in is a social login: no credential row.
    const user = await signUp(t, { email: 'social-only@example.com' });
    await t.db
      .deleteFrom('accounts')
      .where('user_id', '=', user.id)
      .where('provider_id', '=', 'credential')
      .execute();
    expect((await signIn('social-only@example.com', 'secret-password')).statusCode).toBe(401);

    const response = await setPassword('brand-new-password', user.cookie);
    expect(response.statusCode).toBe(200);
    expect((await signIn('social-only@example.com', 'brand-new-password')).statusCode).toBe(200);
  });

  it('refuses an account that already has a password', async () => {
    const user = await signUp(t, { email: 'has-password@example.com' });
    const response = await setPassword('brand-new-password', user.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('PASSWORD_ALREADY_SET');
  });

  it('refuses a password shorter than 6 characters', async () => {
    const user = await signUp(t, { email: 'short-new@example.com' });
    const response = await setPassword('12345', user.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual([
      { field: 'newPassword', message: 'auth.errors.newPasswordTooShort' },
    ]);
  });

  it('refuses a visitor', async () => {
    const response = await setPassword('brand-new-password');
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('NOT_AUTHENTICATED');
  });
});

describe('PUT /api/account/language', () => {
  const setLanguage = (language: string, cookie?: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/account/language',
      payload: { language },
      headers: { origin: t.config.publicUrl, ...(cookie && { cookie }) },
    });
  const languageOf = async (id: string) =>
    (await t.db.selectFrom('users').select('language').where('id', '=', id).executeTakeFirstOrThrow())
      .language;

  it('saves the language the user chose, which their mail then follows', async () => {
    const user = await signUp(t, { email: 'greek-reader@example.com' });
    expect(await languageOf(user.id)).toBe('en');
    expect((await setLanguage('el', user.cookie)).statusCode).toBe(200);
    expect(await languageOf(user.id)).toBe('el');
  });

  it('refuses a language the product does not speak, and a visitor, changing nothing', async () => {
    const user = await signUp(t, { email: 'french-reader@example.com' });
    expect((await setLanguage('fr', user.cookie)).statusCode).toBe(400);
    expect((await setLanguage('el')).statusCode).toBe(401);
    expect(await languageOf(user.id)).toBe('en');
  });
});
