import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { creatingProvider, newUserFields } from './auth-new-user';

const social = loadConfig({
  GOOGLE_CLIENT_ID: 'c',
  GOOGLE_CLIENT_SECRET: 's',
  OIDC_ISSUER_URL: 'https://id.example.com',
  OIDC_CLIENT_ID: 'c',
  OIDC_CLIENT_SECRET: 's',
}).social;
// better-auth names the route, with the provider in its parameters.
const google = { path: '/callback/:id', params: { id: 'google' } };

describe('creatingProvider', () => {
  it.each([
    [google, 'google'],
    [{ path: '/callback/:id', params: { id: 'oidc' } }, 'oidc'],
    [{ path: '/oauth2/callback/:providerId', params: { providerId: 'oidc' } }, 'oidc'],
    [{ path: '/callback/:id', params: {} }, null],
    [{ path: '/sign-in/social', body: { provider: 'google', idToken: { token: 'x' } } }, 'google'],
    [{ path: '/sign-up/email', body: { provider: 'google' } }, null],
    [{ path: '/sign-up/email', params: { id: 'google' } }, null],
    [null, null],
  ])('%j -> %s', (endpoint, expected) => {
    expect(creatingProvider(endpoint)).toBe(expected);
  });
});

describe('newUserFields', () => {
  it("keeps a social picture on the provider's hosts, over https", () => {
    const image = 'https://lh3.googleusercontent.com/a/photo';
    expect(newUserFields({ name: 'Olga', image }, google, social)).toEqual({ name: 'Olga', image });
    const oidcImage = 'https://id.example.com/pictures/olga.png';
    expect(
      newUserFields(
        { name: 'Olga', image: oidcImage },
        { path: '/callback/:id', params: { id: 'oidc' } },
        social,
      ).image,
    ).toBe(oidcImage);
  });

  it.each([
    'http://lh3.googleusercontent.com/a/photo',
    'https://127.0.0.1/internal',
    'https://id.example.com/pictures/olga.png', // the OpenID provider's host, not Google's
    'https://user:pass@lh3.googleusercontent.com/a',
    'javascript:alert(1)',
  ])('drops a social picture at %s', (image) => {
    expect(newUserFields({ name: 'Olga', image }, google, social).image).toBeNull();
  });

  it("drops a password sign-up's name and picture", () => {
    const fields = newUserFields(
      { name: 'Staff', image: 'https://lh3.googleusercontent.com/a/photo' },
      { path: '/sign-up/email' },
      social,
    );
    expect(fields).toEqual({ name: '', image: null });
  });
});
