import { describe, expect, it } from 'vitest';
import { createUser, createVideo, createVideos } from '../../../tests/support/factories';
import { setUpTestApp } from '../../../tests/support/set-up-test-app';
import { makeVerified, signUp } from '../../../tests/support/test-app';

const t = setUpTestApp();

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
  it('shows the public profile, and nothing private', async () => {
    const user = await signUp(t, { email: 'public@example.com', name: 'Public Person' });
    await makeVerified(t, user, 'Public Person');
    await createVideos(t.db, user.id, [
      { title: 'Seen', status: 'approved' },
      { title: 'Waiting', status: 'not_verified' },
    ]);
    const response = await t.app.inject(`/api/users/${user.id}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      id: user.id,
      name: 'Public Person',
      image: null,
      coverImage: null,
      bio: 'Public Person films things.',
      role: 'creator',
      isVerified: true,
      publicVideos: 1,
    });
    const text = response.body;
    expect(text).not.toContain('public@example.com');
    expect(text).not.toContain('+357');
    expect(text).not.toContain('Public Person Full');
    expect(body).not.toHaveProperty('referredBy');
  });

  it('shows who invited the user to an admin only', async () => {
    const inviter = await signUp(t, { email: 'host@example.com', name: 'Host' });
    await signUpWithReferrer('guest@example.com', inviter.id);
    const guest = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'guest@example.com')
      .executeTakeFirstOrThrow();
    const admin = await createUser(t, { email: 'boss@example.com', rights: ['admin'] });
    const stranger = await signUp(t, { email: 'nosy@example.com' });

    const asAdmin = await t.app.inject({ url: `/api/users/${guest.id}`, headers: { cookie: admin.cookie } });
    expect(asAdmin.json().referredBy).toEqual({ id: inviter.id, name: 'Host' });
    for (const cookie of [stranger.cookie, undefined]) {
      const other = await t.app.inject({ url: `/api/users/${guest.id}`, headers: cookie ? { cookie } : {} });
      expect(other.json()).not.toHaveProperty('referredBy');
    }
  });

  it('counts publicly listed videos only: a public status and privacy public', async () => {
    const user = await signUp(t, { email: 'private.videos@example.com', name: 'Keeps Some Private' });
    await makeVerified(t, user, 'Keeps Some Private');
    await t.db
      .insertInto('videos')
      .values([
        { user_id: user.id, title: 'Listed', status: 'ready', privacy: 'public' },
        { user_id: user.id, title: 'Private', status: 'ready', privacy: 'private' },
        { user_id: user.id, title: 'Link only', status: 'approved', privacy: 'unlisted' },
      ])
      .execute();
    expect((await t.app.inject(`/api/users/${user.id}`)).json().publicVideos).toBe(1);
    const community = (await t.app.inject('/api/users?q=keeps%20some')).json();
    expect(community.items).toEqual([expect.objectContaining({ id: user.id, publicVideos: 1 })]);
  });

  it('answers 404 for an unknown user', async () => {
    const response = await t.app.inject('/api/users/no-such-user');
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });
});

describe('GET /api/users (the community)', () => {
  it('lists verified users only, newest first, in pages, with their public video counts', async () => {
    const names = ['Comm One', 'Comm Two', 'Comm Three'];
    const members = [];
    for (const name of names) {
      const user = await signUp(t, { email: `${name.replace(' ', '.').toLowerCase()}@example.com` });
      await makeVerified(t, user, name);
      members.push(user);
    }
    await signUp(t, { email: 'unverified.member@example.com', name: 'Comm Unverified' });
    await createVideo(t.db, members[0]!.id, { title: 'V', status: 'ready' });

    const first = (await t.app.inject('/api/users?q=comm&limit=2')).json();
    expect(first.items.map((m: { name: string }) => m.name)).toEqual(['Comm Three', 'Comm Two']);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await t.app.inject(`/api/users?q=comm&limit=2&cursor=${first.nextCursor}`)).json();
    expect(second.items).toEqual([
      { id: members[0]!.id, name: 'Comm One', image: null, isVerified: true, publicVideos: 1 },
    ]);
    expect(second.nextCursor).toBeNull();
  });

  it('filters by name without case, and takes % and _ literally', async () => {
    const user = await signUp(t, { email: 'filter@example.com' });
    await makeVerified(t, user, 'Zeta_Filter');
    expect((await t.app.inject('/api/users?q=ZETA_f')).json().items).toHaveLength(1);
    expect((await t.app.inject('/api/users?q=zeta%25')).json().items).toHaveLength(0);
  });

  it('refuses a forged cursor', async () => {
    const response = await t.app.inject('/api/users?cursor=%24%24%24');
    expect(response.statusCode).toBe(400);
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
