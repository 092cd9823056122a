import { describe, expect, it } from 'vitest';
import type { ProfileInput } from '../../../common/contracts/verification';
import { setUpTestApp } from '../../../tests/support/set-up-test-app';
import { signUp } from '../../../tests/support/test-app';

/** Step 3 of the verification: the profile form, the username alias and the verified state. */
const t = setUpTestApp();

const call = (method: 'GET' | 'PUT', url: string, cookie?: string, payload?: object) =>
  t.send(method, url, { cookie, payload });
const save = (cookie: string, profile: Partial<ProfileInput>) =>
  call('PUT', '/api/me/profile', cookie, { ...valid, ...profile });
const session = async (cookie: string) => (await call('GET', '/api/session', cookie)).json().user;

const valid: ProfileInput = {
  username: 'Maria K',
  name: 'Maria Konstantinou',
  role: 'creator',
  bio: 'I film storms over Limassol.',
  instagram: '@maria.k',
  country: 'CY',
  isBusinessAccount: false,
  companyName: '',
  isPolicyAgreed: true,
  isAgeRestrictionAgreed: true,
};

let users = 0;
const newUser = () => signUp(t, { email: `profile${++users}@example.com` });
const unique = (base: string) => `${base}${users}`;

describe('refused callers', () => {
  it('asks a visitor to sign in', async () => {
    const response = await call('PUT', '/api/me/profile', undefined, valid);
    expect(response.statusCode).toBe(401);
  });

  it('refuses a request without a body as invalid, not with a server error', async () => {
    const { cookie } = await newUser();
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/me/profile',
      headers: { cookie, origin: t.config.publicUrl },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe('saving the profile', () => {
  it('writes account, profile and alias, all verified, and the username becomes the display name', async () => {
    const user = await newUser();
    const username = unique('Maria K');
    expect((await save(user.cookie, { username })).statusCode).toBe(200);
    const me = await session(user.cookie);
    expect(me).toMatchObject({
      name: username,
      profile: { name: username, bio: valid.bio, isVerified: true },
      account: {
        name: valid.name,
        role: 'creator',
        country: 'CY',
        instagram: '@maria.k',
        isBusinessAccount: false,
        companyName: null,
        isVerified: true,
      },
      // E-mail and phone are still missing.
      verified: false,
    });
    const alias = await t.db.selectFrom('user_aliases').selectAll().where('user_id', '=', user.id).execute();
    expect(alias).toEqual([{ alias: username.toLowerCase().replace(/[\s_-]/g, ''), user_id: user.id }]);
  });

  it('makes the user verified once e-mail and phone are done too', async () => {
    const user = await newUser();
    await t.db
      .updateTable('users')
      .set({ email_verified: true, phone_number: '+35799000001' })
      .where('id', '=', user.id)
      .execute();
    expect((await session(user.cookie)).verified).toBe(false);
    await save(user.cookie, { username: unique('Done') });
    expect((await session(user.cookie)).verified).toBe(true);
    expect((await call('GET', '/api/verification', user.cookie)).json().verified).toBe(true);
  });

  it('refuses a username whose alias another user owns, and writes nothing', async () => {
    const owner = await newUser();
    const other = await newUser();
    expect((await save(owner.cookie, { username: 'John Doe' })).statusCode).toBe(200);
    for (const lookalike of ['john-doe', 'JOHN_DOE', 'johndoe']) {
      const response = await save(other.cookie, { username: lookalike });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'USERNAME_TAKEN',
        fields: [{ field: 'username', message: 'profile.errors.usernameTaken' }],
      });
    }
    const me = await session(other.cookie);
    expect(me.profile).toBeNull();
    expect(me.account).toBeNull();
  });

  it('lets a user rename, freeing the old name', async () => {
    const first = await newUser();
    const second = await newUser();
    await save(first.cookie, { username: 'Old Name' });
    expect((await save(first.cookie, { username: 'New Name' })).statusCode).toBe(200);
    expect((await save(first.cookie, { username: 'New-Name' })).statusCode).toBe(200); // same alias, own
    expect((await save(second.cookie, { username: 'Old Name' })).statusCode).toBe(200);
  });

  it('gives a username to exactly one of two simultaneous saves', async () => {
    const contenders = await Promise.all([newUser(), newUser(), newUser()]);
    const responses = await Promise.all(
      contenders.map((user) => save(user.cookie, { username: 'Race Winner' })),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409]);
    const owners = await t.db
      .selectFrom('user_aliases')
      .selectAll()
      .where('alias', '=', 'racewinner')
      .execute();
    expect(owners).toHaveLength(1);
    const profiles = await t.db
      .selectFrom('user_profiles')
      .select('user_id')
      .where('name', '=', 'Race Winner')
      .execute();
    expect(profiles).toEqual([{ user_id: owners[0]?.user_id }]);
  });

  it("takes one user's simultaneous saves in turn: each renames, none fails, and all three records agree", async () => {
    const user = await newUser();
    const names = ['Quick One', 'Quick Two', 'Quick Three', 'Quick Four'].map(unique);
    const responses = await Promise.all(names.map((username) => save(user.cookie, { username })));
    // Renaming is allowed, so a later save is a rename of the earlier one, not a conflict.
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
    const aliases = await t.db
      .selectFrom('user_aliases')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(aliases).toHaveLength(1);
    const me = await session(user.cookie);
    expect(names).toContain(me.name);
    expect(me.profile.name).toBe(me.name);
    expect(aliases[0]?.alias).toBe(me.name.toLowerCase().replace(/[\s_-]/g, ''));
  });

  it.each([
    [{ username: '' }, 'username', 'profile.errors.usernameRequired'],
    [{ username: 'ab' }, 'username', 'profile.errors.usernameTooShort'],
    [{ username: 'a'.repeat(21) }, 'username', 'profile.errors.usernameTooLong'],
    [{ username: 'bad<name>' }, 'username', 'profile.errors.usernameChars'],
    [{ name: 'Al' }, 'name', 'profile.errors.atLeast3'],
    [{ role: 'boss' }, 'role', 'profile.errors.roleRequired'],
    [{ bio: ' ' }, 'bio', 'profile.errors.bioRequired'],
    [{ instagram: 'maria' }, 'instagram', 'profile.errors.instagramFormat'],
    [{ country: '' }, 'country', 'profile.errors.countryRequired'],
    [{ isBusinessAccount: true, companyName: 'AB' }, 'companyName', 'profile.errors.atLeast3'],
    [{ isPolicyAgreed: false }, 'isPolicyAgreed', 'profile.errors.policyRequired'],
    [{ isAgeRestrictionAgreed: false }, 'isAgeRestrictionAgreed', 'profile.errors.ageRequired'],
  ])('refuses %j with the message of %s', async (change, field, message) => {
    const user = await newUser();
    const response = await save(user.cookie, change as Partial<ProfileInput>);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toContainEqual({ field, message });
    expect((await session(user.cookie)).profile).toBeNull();
  });

  it('accepts Greek usernames and a business account with its company', async () => {
    const user = await newUser();
    const response = await save(user.cookie, {
      username: unique('Μαρία'),
      isBusinessAccount: true,
      companyName: 'Limassol News Ltd',
      role: 'consumer',
    });
    expect(response.statusCode).toBe(200);
    expect((await session(user.cookie)).account).toMatchObject({
      isBusinessAccount: true,
      companyName: 'Limassol News Ltd',
      role: 'consumer',
    });
  });
});
