import { describe, expect, it } from 'vitest';
import { setUpSmtpServer, setUpTestApp } from '../../../tests/support/set-up-test-app';
import { parseMail } from '../../../tests/support/smtp';
import { signUp } from '../../../tests/support/test-app';

/** better-auth's endpoints as we configured them, plus our reset-link check, over real HTTP handling and SMTP. */
const smtp = setUpSmtpServer();
const t = setUpTestApp(() => ({ SMTP_URL: smtp.url }));

/**
 * A POST from our own page, each from its own client address unless one is given. Mail goes through the
 * outbox: what the request queued is delivered before the test looks at the mail server.
 */
const post = async (url: string, payload: object, headers: Record<string, string> = {}, from?: string) => {
  const response = await t.send('POST', url, { payload, headers, from });
  await t.outbox.deliverDue();
  return response;
};
const cookieOf = (response: { headers: Record<string, unknown> }) =>
  [response.headers['set-cookie']]
    .flat()
    .filter(Boolean)
    .map((c) => String(c).split(';')[0])
    .join('; ');
const session = async (cookie: string) =>
  (await t.app.inject({ url: '/api/session', headers: { cookie } })).json().user;

describe('sign-up and sign-in', () => {
  it('signs up without a session, then signs in with an HttpOnly, SameSite=Lax session cookie', async () => {
    const signedUp = await post('/api/auth/sign-up/email', {
      email: 'new@example.com',
      password: 'secret-pass',
      name: 'New',
    });
    expect(signedUp.statusCode).toBe(200);
    // No session from the sign-up itself: an address that already has an account gets the same answer.
    expect(signedUp.headers['set-cookie']).toBeUndefined();
    const response = await post('/api/auth/sign-in/email', {
      email: 'new@example.com',
      password: 'secret-pass',
    });
    expect(response.statusCode).toBe(200);
    const raw = String([response.headers['set-cookie']].flat()[0]);
    expect(raw).toMatch(/HttpOnly/i);
    expect(raw).toMatch(/SameSite=Lax/i);
    expect(await session(cookieOf(response))).toMatchObject({ email: 'new@example.com' });
  });

  it.each([
    [
      'an invalid e-mail',
      '/api/auth/sign-up/email',
      { email: 'not-an-email', password: 'secret-pass', name: '' },
    ],
    ['a missing e-mail', '/api/auth/sign-up/email', { password: 'secret-pass', name: '' }],
    ['a missing password', '/api/auth/sign-up/email', { email: 'x@example.com', name: '' }],
    ['a sign-in without a password', '/api/auth/sign-in/email', { email: 'x@example.com' }],
    [
      'a sign-in with an invalid e-mail',
      '/api/auth/sign-in/email',
      { email: 'nope', password: 'secret-pass' },
    ],
    ['a reset request without an e-mail', '/api/auth/request-password-reset', {}],
  ])('refuses %s with 400 and creates nothing', async (_name, url, payload) => {
    const before = await t.db.selectFrom('users').select('id').execute();
    const response = await post(url, payload);
    expect(response.statusCode).toBe(400);
    expect(await t.db.selectFrom('users').select('id').execute()).toHaveLength(before.length);
  });

  it('refuses a password shorter than 6 characters', async () => {
    const response = await post('/api/auth/sign-up/email', {
      email: 'short@example.com',
      password: '12345',
      name: 'S',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('PASSWORD_TOO_SHORT');
  });

  it('answers a wrong password and an unknown e-mail alike', async () => {
    await signUp(t, { email: 'known@example.com', password: 'right-password' });
    const wrong = await post('/api/auth/sign-in/email', {
      email: 'known@example.com',
      password: 'wrong-password',
    });
    const unknown = await post('/api/auth/sign-in/email', {
      email: 'nobody@example.com',
      password: 'wrong-password',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('gives a new session id at each sign-in', async () => {
    await signUp(t, { email: 'rotate@example.com', password: 'right-password' });
    const first = cookieOf(
      await post('/api/auth/sign-in/email', { email: 'rotate@example.com', password: 'right-password' }),
    );
    const second = cookieOf(
      await post('/api/auth/sign-in/email', { email: 'rotate@example.com', password: 'right-password' }),
    );
    expect(first).not.toBe('');
    expect(second).not.toBe(first);
  });

  it('slows down repeated sign-in attempts from one address (429)', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      const response = await post(
        '/api/auth/sign-in/email',
        { email: 'known@example.com', password: 'nope-nope' },
        {},
        '192.0.2.50',
      );
      codes.push(response.statusCode);
    }
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(codes.at(-1)).toBe(429);
  });

  it('refuses a sign-out sent from another site (CSRF)', async () => {
    const user = await signUp(t, { email: 'csrf@example.com' });
    const response = await post(
      '/api/auth/sign-out',
      {},
      { cookie: user.cookie, origin: 'https://evil.example' },
    );
    expect(response.statusCode).toBe(403);
    expect(await session(user.cookie)).toMatchObject({ email: 'csrf@example.com' });
  });
});

describe('changing the password', () => {
  it('needs the current password, then ends the other sessions and keeps this one', async () => {
    const user = await signUp(t, { email: 'changer@example.com', password: 'first-password' });
    const otherDevice = cookieOf(
      await post('/api/auth/sign-in/email', { email: 'changer@example.com', password: 'first-password' }),
    );

    const wrong = await post(
      '/api/auth/change-password',
      { currentPassword: 'not-it', newPassword: 'second-password' },
      { cookie: user.cookie },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('INVALID_PASSWORD');

    const changed = await post(
      '/api/auth/change-password',
      { currentPassword: 'first-password', newPassword: 'second-password', revokeOtherSessions: true },
      { cookie: user.cookie },
    );
    expect(changed.statusCode).toBe(200);
    expect(await session(otherDevice)).toBeNull();
    expect(await session(cookieOf(changed))).toMatchObject({ email: 'changer@example.com' });
    expect(
      (await post('/api/auth/sign-in/email', { email: 'changer@example.com', password: 'second-password' }))
        .statusCode,
    ).toBe(200);
  });

  it('is refused to a visitor', async () => {
    const response = await post('/api/auth/change-password', {
      currentPassword: 'x',
      newPassword: 'second-password',
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('changing the e-mail', () => {
  const linkIn = async (to: string) => {
    const mail = smtp.received.filter((received) => received.to.includes(to)).at(-1);
    if (!mail) throw new Error(`no mail to ${to}`);
    const parsed = await parseMail(mail);
    return {
      subject: parsed.subject,
      link: new URL(/https?:\/\/\S+oobCode=\S+/.exec(parsed.text ?? '')![0]),
    };
  };
  const changeEmail = (cookie: string, newEmail: string, password: string) =>
    post('/api/account/email', { newEmail, password }, { cookie });

  it('needs the current password and a free address', async () => {
    const user = await signUp(t, { email: 'mover@example.com', password: 'mover-password' });
    await signUp(t, { email: 'taken@example.com' });
    smtp.received.length = 0;
    const wrong = await changeEmail(user.cookie, 'moved@example.com', 'not-it');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('INVALID_PASSWORD');
    const taken = await changeEmail(user.cookie, 'TAKEN@example.com', 'mover-password');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('EMAIL_IS_IN_USE');
    expect(smtp.received).toHaveLength(0);
    expect((await post('/api/account/email', { newEmail: 'x@example.com', password: 'x' })).statusCode).toBe(
      401,
    );
  });

  it('confirms through the new address, tells the old one, and the old one can take it back', async () => {
    const user = await signUp(t, { email: 'alice.old@example.com', password: 'alice-password' });
    smtp.received.length = 0;
    expect((await changeEmail(user.cookie, 'alice.new@example.com', 'alice-password')).statusCode).toBe(202);

    const confirm = await linkIn('alice.new@example.com');
    expect(confirm.subject).toBe('Confirm your new e-mail for Clipmarket');
    expect(confirm.link.searchParams.get('mode')).toBe('verifyEmail');
    const code = confirm.link.searchParams.get('oobCode')!;
    const applied = await post('/api/auth-actions/verify-email', { code });
    expect(applied.json()).toEqual({ email: 'alice.new@example.com' });
    expect(await session(user.cookie)).toBeNull(); // signed out everywhere
    expect((await post('/api/auth-actions/verify-email', { code })).json().code).toBe('INVALID_ACTION_CODE');
    expect(
      (await post('/api/auth/sign-in/email', { email: 'alice.new@example.com', password: 'alice-password' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await post('/api/auth/sign-in/email', { email: 'alice.old@example.com', password: 'alice-password' }))
        .statusCode,
    ).toBe(401);

    const told = await linkIn('alice.old@example.com');
    expect(told.subject).toBe('The e-mail of your Clipmarket account was changed');
    expect(told.link.searchParams.get('mode')).toBe('recoverEmail');
    const recovered = await post('/api/auth-actions/recover-email', {
      code: told.link.searchParams.get('oobCode')!,
    });
    expect(recovered.json()).toEqual({ email: 'alice.old@example.com' });
    expect(
      (await post('/api/auth/sign-in/email', { email: 'alice.old@example.com', password: 'alice-password' }))
        .statusCode,
    ).toBe(200);
    expect((await linkIn('alice.old@example.com')).subject).toBe('Reset your Clipmarket password');
  });

  it('says when a confirmation link has expired', async () => {
    const user = await signUp(t, { email: 'slow@example.com', password: 'slow-password' });
    smtp.received.length = 0;
    await changeEmail(user.cookie, 'slow.new@example.com', 'slow-password');
    const code = (await linkIn('slow.new@example.com')).link.searchParams.get('oobCode')!;
    await t.db
      .updateTable('verifications')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('identifier', 'like', 'change-email:%')
      .execute();
    const response = await post('/api/auth-actions/verify-email', { code });
    expect(response.json().code).toBe('ACTION_CODE_EXPIRED');
    expect(await session(user.cookie)).toMatchObject({ email: 'slow@example.com' });
  });
});

describe('password reset by e-mail', () => {
  const requestReset = (email: string) => post('/api/auth/request-password-reset', { email });

  it('answers a known and an unknown e-mail alike, and mails only the known one', async () => {
    await signUp(t, { email: 'forgetful@example.com', password: 'old-password' });
    smtp.received.length = 0;
    const known = await requestReset('forgetful@example.com');
    const unknown = await requestReset('stranger@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(smtp.received.map((mail) => mail.to)).toEqual([['forgetful@example.com']]);
  });

  it('resets with the link’s code once, ends the other sessions, and the new password works', async () => {
    const user = await signUp(t, { email: 'reset-me@example.com', password: 'old-password' });
    smtp.received.length = 0;
    await requestReset('reset-me@example.com');
    const mail = await parseMail(smtp.received[0]!);
    expect(mail.subject).toBe('Reset your Clipmarket password');
    const link = new URL(/https?:\/\/\S+oobCode=\S+/.exec(mail.text ?? '')![0]);
    expect(link.origin).toBe(t.config.publicUrl);
    expect(link.searchParams.get('mode')).toBe('resetPassword');
    const code = link.searchParams.get('oobCode')!;

    const info = await t.app.inject(`/api/auth-actions/reset-password/${code}`);
    expect(info.json()).toEqual({ email: 'reset-me@example.com' });

    const reset = await post('/api/auth/reset-password', { token: code, newPassword: 'new-password' });
    expect(reset.statusCode).toBe(200);
    expect(await session(user.cookie)).toBeNull();

    const used = await t.app.inject(`/api/auth-actions/reset-password/${code}`);
    expect(used.statusCode).toBe(400);
    expect(used.json().code).toBe('INVALID_ACTION_CODE');
    expect(
      (await post('/api/auth/reset-password', { token: code, newPassword: 'other-password' })).statusCode,
    ).toBe(400);

    expect(
      (await post('/api/auth/sign-in/email', { email: 'reset-me@example.com', password: 'old-password' }))
        .statusCode,
    ).toBe(401);
    expect(
      (await post('/api/auth/sign-in/email', { email: 'reset-me@example.com', password: 'new-password' }))
        .statusCode,
    ).toBe(200);
  });

  it('says when a code has expired', async () => {
    await signUp(t, { email: 'late@example.com', password: 'old-password' });
    smtp.received.length = 0;
    await requestReset('late@example.com');
    const code = new URL(
      /https?:\/\/\S+oobCode=\S+/.exec((await parseMail(smtp.received[0]!)).text ?? '')![0],
    ).searchParams.get('oobCode')!;
    await t.db
      .updateTable('verifications')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('identifier', '=', `reset-password:${code}`)
      .execute();
    const info = await t.app.inject(`/api/auth-actions/reset-password/${code}`);
    expect(info.statusCode).toBe(400);
    expect(info.json().code).toBe('ACTION_CODE_EXPIRED');
    expect(
      (await post('/api/auth/reset-password', { token: code, newPassword: 'new-password' })).statusCode,
    ).toBe(400);
  });

  /** The code of the newest reset mail to an address. */
  const mailedCode = async (email: string) => {
    const mails = await Promise.all(
      smtp.received.filter((m) => m.to.includes(email)).map((m) => parseMail(m)),
    );
    return new URL(/https?:\/\/\S+oobCode=\S+/.exec(mails.at(-1)?.text ?? '')![0]).searchParams.get(
      'oobCode',
    )!;
  };
  const resetWith = (code: string, newPassword: string) =>
    post('/api/auth/reset-password', { token: code, newPassword });

  it('voids the older code when a newer one is issued; the newer one works', async () => {
    await signUp(t, { email: 'twice@example.com', password: 'old-password' });
    await requestReset('twice@example.com');
    const older = await mailedCode('twice@example.com');
    await requestReset('twice@example.com');
    const newer = await mailedCode('twice@example.com');
    expect(newer).not.toBe(older);

    const olderInfo = await t.app.inject(`/api/auth-actions/reset-password/${older}`);
    expect(olderInfo.json().code).toBe('INVALID_ACTION_CODE');
    expect((await resetWith(older, 'older-password')).statusCode).toBe(400);
    expect((await resetWith(newer, 'newer-password')).statusCode).toBe(200);
    expect((await resetWith(older, 'older-password')).statusCode).toBe(400);
    const signIn = (password: string) =>
      post('/api/auth/sign-in/email', { email: 'twice@example.com', password });
    expect((await signIn('newer-password')).statusCode).toBe(200);
  });

  it('voids every other code of the user once one is used', async () => {
    const user = await signUp(t, { email: 'stale@example.com', password: 'old-password' });
    await requestReset('stale@example.com');
    // A second code held beside the mailed one (issued before codes voided one another, or at the same moment).
    const stale = 'stale-code-0123456789abcd';
    const now = new Date();
    await t.db
      .insertInto('verifications')
      .values({
        id: crypto.randomUUID(),
        identifier: `reset-password:${stale}`,
        value: user.id,
        expires_at: new Date(now.getTime() + 3_600_000),
        created_at: now,
        updated_at: now,
      })
      .execute();
    expect((await resetWith(await mailedCode('stale@example.com'), 'new-password')).statusCode).toBe(200);
    expect((await resetWith(stale, 'stale-password')).statusCode).toBe(400);
    const left = await t.db
      .selectFrom('verifications')
      .select('identifier')
      .where('value', '=', user.id)
      .where('identifier', 'like', 'reset-password:%')
      .execute();
    expect(left).toEqual([]);
  });

  it('refuses a made-up code', async () => {
    const response = await t.app.inject('/api/auth-actions/reset-password/made-up');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('INVALID_ACTION_CODE');
  });
});
