import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, createVideo } from '../../tests/support/factories';
import { createTestApp, signUp, type TestApp } from '../../tests/support/test-app';

/**
 * Sessions from the outside: the cookie's flags on http and https sites, a new token at every sign-in,
 * sign-out ending the session on the server, rights read afresh on every request.
 */
let t: TestApp;
let secure: TestApp;
beforeAll(async () => {
  [t, secure] = await Promise.all([
    createTestApp(),
    createTestApp({ PUBLIC_URL: 'https://clips.example.org' }),
  ]);
});
afterAll(async () => {
  await Promise.all([t.close(), secure.close()]);
});

let address = 0;
const signIn = (app: TestApp, email: string, cookie?: string) =>
  app.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: app.config.publicUrl, ...(cookie && { cookie }) },
    payload: { email, password: 'secret-password' },
    remoteAddress: `10.72.0.${++address % 250}`, // clear of the sign-in rate limit
  });
const setCookies = (response: { headers: Record<string, unknown> }) =>
  [response.headers['set-cookie']].flat().filter(Boolean).map(String);
const cookieOf = (response: { headers: Record<string, unknown> }) =>
  setCookies(response)
    .map((raw) => raw.split(';')[0])
    .join('; ');
const sessionUser = async (app: TestApp, cookie: string) =>
  (await app.app.inject({ url: '/api/session', headers: { cookie } })).json().user as { id: string } | null;

describe('the session cookie', () => {
  it('is HttpOnly and SameSite=Lax on an http site, and not Secure (the browser would drop it)', async () => {
    const user = await createUser(t);
    const cookies = setCookies(await signIn(t, user.email));
    expect(cookies.length).toBeGreaterThan(0);
    for (const raw of cookies) {
      expect(raw).toMatch(/; HttpOnly/i);
      expect(raw).toMatch(/; SameSite=Lax/i);
      expect(raw).not.toMatch(/; Secure/i);
    }
  });

  it('is also Secure, with the __Secure- prefix, when PUBLIC_URL is https', async () => {
    const user = await signUp(secure, { email: 'secure-cookie@example.com' });
    const cookies = setCookies(await signIn(secure, 'secure-cookie@example.com'));
    expect(cookies.length).toBeGreaterThan(0);
    for (const raw of cookies) {
      expect(raw).toMatch(/^__Secure-/);
      expect(raw).toMatch(/; Secure/i);
      expect(raw).toMatch(/; HttpOnly/i);
      expect(raw).toMatch(/; SameSite=Lax/i);
    }
    expect((await sessionUser(secure, user.cookie))?.id).toBe(user.id);
  });
});

describe('signing in', () => {
  it('gives a new token even when the browser sends its old one', async () => {
    const user = await createUser(t);
    const again = cookieOf(await signIn(t, user.email, user.cookie));
    expect(again).not.toBe('');
    expect(again).not.toBe(user.cookie);
    expect((await sessionUser(t, again))?.id).toBe(user.id);
  });

  // Session fixation: a token planted in the victim's browser must not become the victim's session.
  it("never turns a token someone planted into the signed-in user's session", async () => {
    const planter = await createUser(t);
    const victim = await createUser(t);
    const victimCookie = cookieOf(await signIn(t, victim.email, planter.cookie));
    expect(victimCookie).not.toBe(planter.cookie);
    expect((await sessionUser(t, victimCookie))?.id).toBe(victim.id);
    expect((await sessionUser(t, planter.cookie))?.id).toBe(planter.id);
  });
});

describe('signing out', () => {
  it('ends the session on the server: the old cookie is refused afterwards', async () => {
    const user = await createUser(t);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin: t.config.publicUrl, cookie: user.cookie },
    });
    expect(out.statusCode).toBe(200);
    // Replaying the cookie the browser was told to forget.
    expect(await sessionUser(t, user.cookie)).toBeNull();
    const me = await t.app.inject({ url: '/api/me/dashboard', headers: { cookie: user.cookie } });
    expect(me.statusCode).toBe(401);
    expect(await t.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).toEqual(
      [],
    );
  });
});

describe('a change of rights', () => {
  // Rights are read from the users row on every request (plugins/auth.ts), never kept in the session.
  it('takes effect on an existing session at its next request', async () => {
    const staff = await createUser(t, { rights: ['manage_videos'] });
    const owner = await createUser(t, { verified: true });
    const id = await createVideo(t.db, owner.id, { status: 'not_verified' });
    const history = () =>
      t.app.inject({ url: `/api/videos/${id}/history`, headers: { cookie: staff.cookie } });
    expect((await history()).statusCode).toBe(200);
    await t.db.updateTable('users').set({ rights: [] }).where('id', '=', staff.id).execute();
    expect((await history()).statusCode).toBe(403);
  });

  // Decided with the admin endpoint (issue 20): a change of rights does not end the member's sessions
  // (they would be signed out for being promoted); the rights are read afresh on every request instead,
  // so a grant and a revoke through the endpoint both reach the open session at its next request.
  it("reaches the member's open session at its next request when an admin grants or revokes a right", async () => {
    const admin = await createUser(t, { rights: ['admin'] });
    const member = await createUser(t, { verified: true });
    const setRights = (rights: string[]) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/users/${member.id}/rights`,
        headers: { origin: t.config.publicUrl, cookie: admin.cookie },
        payload: { rights },
      });
    const queue = () => t.app.inject({ url: '/api/review/videos', headers: { cookie: member.cookie } });
    const rightsInSession = async () =>
      (
        (await t.app.inject({ url: '/api/session', headers: { cookie: member.cookie } })).json().user as {
          rights: string[];
        }
      ).rights;
    expect((await queue()).statusCode).toBe(403);

    expect((await setRights(['manage_videos'])).statusCode).toBe(200);
    expect(await rightsInSession()).toEqual(['manage_videos']);
    expect((await queue()).statusCode).toBe(200);

    expect((await setRights([])).statusCode).toBe(200);
    expect(await rightsInSession()).toEqual([]);
    expect((await queue()).statusCode).toBe(403);
  });
});
