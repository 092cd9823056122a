import { describe, expect, it } from 'vitest';
import { createVideo, createVideos } from '../../../tests/support/factories';
import { setUpTestApp } from '../../../tests/support/set-up-test-app';
import { makeVerified, signUp } from '../../../tests/support/test-app';

/** The caller's dashboard and referrals. */
const t = setUpTestApp();

let address = 0;
const get = (url: string, cookie?: string) =>
  t.app.inject({ url, headers: cookie ? { cookie } : {}, remoteAddress: `10.60.0.${++address % 250}` });
const invite = (email: string, referrerId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: t.config.publicUrl },
    remoteAddress: `10.61.0.${++address % 250}`,
    payload: { email, password: 'secret-password', name: '', referrer_id: referrerId },
  });

describe('refused callers', () => {
  it.each(['/api/me/dashboard', '/api/me/referrals'])('GET %s asks a visitor to sign in', async (url) => {
    expect((await get(url)).statusCode).toBe(401);
  });
});

describe('the dashboard and referrals', () => {
  it('counts own videos (every status) and referrals, and lists the referred users', async () => {
    const host = await signUp(t, { email: 'host@example.com' });
    const other = await signUp(t, { email: 'other@example.com' });
    await createVideos(t.db, host.id, [
      { title: 'A', status: 'approved' },
      { title: 'B', status: 'not_verified' },
    ]);
    await createVideo(t.db, other.id, { title: 'C', status: 'approved' });
    for (const email of ['first@example.com', 'second@example.com', 'third@example.com']) {
      expect((await invite(email, host.id)).statusCode).toBe(200);
    }
    await invite('theirs@example.com', other.id);

    expect((await get('/api/me/dashboard', host.cookie)).json()).toEqual({
      videos: 2,
      licenses: 0,
      sales: 0,
      referrals: 3,
    });

    const page = (await get('/api/me/referrals?limit=2', host.cookie)).json();
    expect(page.items.map((r: { verified: boolean }) => r.verified)).toEqual([false, false]);
    expect(page.items).toHaveLength(2);
    const rest = (await get(`/api/me/referrals?limit=2&cursor=${page.nextCursor}`, host.cookie)).json();
    expect(rest.items).toHaveLength(1);
    expect(rest.nextCursor).toBeNull();
    const all = [...page.items, ...rest.items];
    expect(all.every((r: { firstSaleAt: unknown }) => r.firstSaleAt === null)).toBe(true);
    // Only the caller's own referrals, and never their e-mail addresses.
    expect(JSON.stringify(all)).not.toContain('@example.com');
    expect((await get('/api/me/referrals', other.cookie)).json().items).toHaveLength(1);
  });

  it('marks a referred user verified once they finish the verification', async () => {
    const host = await signUp(t, { email: 'host2@example.com' });
    await invite('done@example.com', host.id);
    const done = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'done@example.com')
      .executeTakeFirstOrThrow();
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: t.config.publicUrl },
      remoteAddress: '10.62.0.1',
      payload: { email: 'done@example.com', password: 'secret-password' },
    });
    const cookie = String([login.headers['set-cookie']].flat()[0]).split(';')[0]!;
    await makeVerified(t, { id: done.id, cookie }, 'Done Deal');
    const [referral] = (await get('/api/me/referrals', host.cookie)).json().items;
    expect(referral).toMatchObject({ id: done.id, name: 'Done Deal', verified: true });
  });
});
