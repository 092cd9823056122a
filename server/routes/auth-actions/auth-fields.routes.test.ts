import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../../tests/support/set-up-test-app';
import { signUp } from '../../../tests/support/test-app';

/**
 * What better-auth lets a caller write into their own user row: nothing after sign-up (our own validated
 * endpoints own name, picture, language and referrer), and at sign-up only what the form sends.
 */
const t = setUpTestApp();

let users = 0;
const post = (url: string, payload: object, cookie?: string) => t.send('POST', url, { payload, cookie });
const rowOf = (email: string) =>
  t.db
    .selectFrom('users')
    .select(['id', 'name', 'image', 'language', 'referrer_id', 'updated_at'])
    .where('email', '=', email)
    .executeTakeFirst();
const signUpWith = (email: string, extra: object) =>
  post('/api/auth/sign-up/email', { email, password: 'secret-password', name: '', ...extra });

describe('update-user', () => {
  it.each([
    ['a referrer', { referrer_id: 'REFERRER' }],
    ['an unknown referrer', { referrer_id: '00000000-0000-4000-8000-000000000000' }],
    ['a staff-like name', { name: 'Clipmarket Support' }],
    ['an empty name', { name: '' }],
    ['a huge name', { name: 'x'.repeat(200_000) }],
    ['a javascript: picture', { image: 'javascript:alert(1)' }],
    ['any picture', { image: 'http://127.0.0.1:9/internal' }],
    ['an unknown language', { language: 'x'.repeat(10_000) }],
  ])('refuses %s and leaves the user as they were', async (_name, change) => {
    const email = `upd${++users}@example.com`;
    const user = await signUp(t, { email, name: 'member' });
    const referrer = await signUp(t, { email: `ref${users}@example.com` });
    const body = JSON.parse(JSON.stringify(change).replace('REFERRER', referrer.id));
    const before = await rowOf(email);
    const response = await post('/api/auth/update-user', body, user.cookie);
    expect(response.statusCode).toBe(404);
    expect(await rowOf(email)).toEqual(before);
  });
});

describe('sign-up', () => {
  it('stores no picture from the form, and asks for no import of it', async () => {
    const response = await signUpWith('pic-url@example.com', { image: 'http://127.0.0.1:9/internal' });
    expect(response.statusCode).toBe(200);
    const row = await rowOf('pic-url@example.com');
    expect(row?.image).toBeNull();
    expect(t.socialPictures.filter((picture) => picture.userId === row?.id)).toEqual([]);
  });

  it('stores no name: the display name comes with the profile step', async () => {
    expect((await signUpWith('named@example.com', { name: 'Clipmarket Support' })).statusCode).toBe(200);
    expect((await rowOf('named@example.com'))?.name).toBe('');
  });

  it('keeps a supported language and refuses any other, creating nothing', async () => {
    expect((await signUpWith('greek@example.com', { language: 'el' })).statusCode).toBe(200);
    expect((await rowOf('greek@example.com'))?.language).toBe('el');
    expect((await signUpWith('klingon@example.com', { language: 'x'.repeat(10_000) })).statusCode).toBe(400);
    expect(await rowOf('klingon@example.com')).toBeUndefined();
  });

  it.each([
    ['an unknown id', '00000000-0000-4000-8000-000000000000'],
    ['a made-up string', "'; drop table users; --"],
    ['a huge string', 'x'.repeat(100_000)],
  ])('drops %s as the referrer without failing', async (_name, referrer) => {
    const email = `stray${++users}@example.com`;
    expect((await signUpWith(email, { referrer_id: referrer })).statusCode).toBe(200);
    expect((await rowOf(email))?.referrer_id).toBeNull();
  });

  it('records no referrer that is not a string, and does not fail on it', async () => {
    const response = await signUpWith('object-ref@example.com', { referrer_id: { id: 'x' } });
    expect([200, 400]).toContain(response.statusCode);
    expect((await rowOf('object-ref@example.com'))?.referrer_id ?? null).toBeNull();
  });
});
