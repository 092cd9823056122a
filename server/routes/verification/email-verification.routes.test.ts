import { describe, expect, it } from 'vitest';
import { setUpSmtpServer, setUpTestApp } from '../../../tests/support/set-up-test-app';
import { parseMail } from '../../../tests/support/smtp';
import { signUp } from '../../../tests/support/test-app';

/** Step 1 of the verification over real HTTP handling, the real database and a real SMTP server. */
const smtp = setUpSmtpServer();
const t = setUpTestApp(() => ({ SMTP_URL: smtp.url }));

const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) =>
  t.send(method, url, { cookie, payload });
const setEmail = (cookie: string, email: string) =>
  call('POST', '/api/verification/email', cookie, { email });
const resend = (cookie: string) => call('POST', '/api/verification/email/code', cookie, {});
const verify = (cookie: string, code: string) =>
  call('POST', '/api/verification/email/verify', cookie, { code });
const state = async (cookie: string) => (await call('GET', '/api/verification', cookie)).json();

/** The code of the last message sent to `to`, read from the mail as received by SMTP. */
async function lastCode(to: string): Promise<string> {
  const mail = [...smtp.received].reverse().find((m) => m.to.includes(to));
  if (!mail) throw new Error(`no mail to ${to}`);
  const parsed = await parseMail(mail);
  const code = parsed.text?.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error('no code in the mail');
  expect(parsed.subject).toContain(code);
  return code;
}
const mailsTo = (to: string) => smtp.received.filter((m) => m.to.includes(to)).length;
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

let users = 0;
const newUser = async () => {
  const email = `verify${++users}@example.com`;
  return { email, ...(await signUp(t, { email })) };
};

describe('refused callers', () => {
  it.each([
    ['GET', '/api/verification'],
    ['POST', '/api/verification/email'],
    ['POST', '/api/verification/email/code'],
    ['POST', '/api/verification/email/verify'],
  ] as const)('%s %s asks a visitor to sign in', async (method, url) => {
    const response = await call(method, url, undefined, { email: 'a@example.com', code: '123456' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('NOT_AUTHENTICATED');
  });

  it("does not accept one user's code for another account", async () => {
    const owner = await newUser();
    const other = await newUser();
    await setEmail(owner.cookie, owner.email);
    const code = await lastCode(owner.email);
    const response = await verify(other.cookie, code);
    expect(response.json().code).toBe('VERIFICATION_CODE_EXPIRED');
    expect((await state(owner.cookie)).emailVerified).toBe(false);
    expect((await state(other.cookie)).emailVerified).toBe(false);
  });
});

describe('setEmail, verifyEmail and sendVerificationEmail', () => {
  it('e-mails a code to the account address and verifies it', async () => {
    const user = await newUser();
    expect(await state(user.cookie)).toMatchObject({
      email: user.email,
      emailVerified: false,
      emailCode: null,
      verified: false,
    });
    const sent = await setEmail(user.cookie, user.email);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().sentTo).toBe(user.email);
    expect((await state(user.cookie)).emailCode.sentTo).toBe(user.email);

    const code = await lastCode(user.email);
    expect((await verify(user.cookie, code)).statusCode).toBe(200);
    expect(await state(user.cookie)).toMatchObject({ emailVerified: true, emailCode: null });
    const session = (await call('GET', '/api/session', user.cookie)).json().user;
    expect(session).toMatchObject({ emailVerified: true, verified: false });
  });

  it('keeps only a keyed hash of the code', async () => {
    const user = await newUser();
    await setEmail(user.cookie, user.email);
    const code = await lastCode(user.email);
    const row = await t.db
      .selectFrom('verification_codes')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.code_hash).not.toContain(code);
  });

  it('counts down the tries of a wrong code, then refuses the code for good', async () => {
    const user = await newUser();
    await setEmail(user.cookie, user.email);
    const code = await lastCode(user.email);
    for (let remaining = 4; remaining >= 1; remaining--) {
      const response = await verify(user.cookie, wrong(code));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'INVALID_CODE', params: { remaining, total: 5 } });
    }
    expect((await verify(user.cookie, wrong(code))).json().code).toBe('ATTEMPTS_PER_CODE_EXCEEDED');
    // Even the right code no longer works: a new one must be generated.
    const afterwards = await verify(user.cookie, code);
    expect(afterwards.statusCode).toBe(429);
    expect(afterwards.json().code).toBe('ATTEMPTS_PER_CODE_EXCEEDED');
    expect((await state(user.cookie)).emailVerified).toBe(false);

    expect((await resend(user.cookie)).statusCode).toBe(200);
    expect((await verify(user.cookie, await lastCode(user.email))).statusCode).toBe(200);
  });

  it('refuses a code after ten minutes', async () => {
    const user = await newUser();
    await setEmail(user.cookie, user.email);
    const code = await lastCode(user.email);
    t.clock.advance(10 * 60_000 + 1);
    const response = await verify(user.cookie, code);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VERIFICATION_CODE_EXPIRED');
    expect((await state(user.cookie)).emailCode).toBeNull();
  });

  it('a new code replaces the old one', async () => {
    const user = await newUser();
    await setEmail(user.cookie, user.email);
    const first = await lastCode(user.email);
    // Codes are random: one in a million repeats the old one, so ask again (within the hourly three)
    // until the new code differs; only then can the old one be shown refused.
    let second = first;
    for (let sent = 1; sent < 3 && second === first; sent++) {
      expect((await resend(user.cookie)).statusCode).toBe(200);
      expect(mailsTo(user.email)).toBe(sent + 1);
      second = await lastCode(user.email);
    }
    expect(second).not.toBe(first);
    const old = await verify(user.cookie, first);
    expect(old.statusCode).toBe(400);
    expect(old.json()).toMatchObject({ code: 'INVALID_CODE', params: { remaining: 4, total: 5 } });
    expect((await verify(user.cookie, second)).statusCode).toBe(200);
  });

  it('e-mails at most three codes an hour', async () => {
    const user = await newUser();
    expect((await setEmail(user.cookie, user.email)).statusCode).toBe(200);
    expect((await resend(user.cookie)).statusCode).toBe(200);
    expect((await resend(user.cookie)).statusCode).toBe(200);
    const refused = await resend(user.cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('EMAILS_PER_CODE_EXCEEDED');
    expect(mailsTo(user.email)).toBe(3);
    t.clock.advance(60 * 60_000 + 1);
    expect((await resend(user.cookie)).statusCode).toBe(200);
    expect(mailsTo(user.email)).toBe(4);
  });

  it('moves an unverified account to another address, and sends the code there', async () => {
    const user = await newUser();
    const response = await setEmail(user.cookie, 'moved@example.com');
    expect(response.statusCode).toBe(200);
    expect(await state(user.cookie)).toMatchObject({ email: 'moved@example.com', emailVerified: false });
    expect((await verify(user.cookie, await lastCode('moved@example.com'))).statusCode).toBe(200);
  });

  it('refuses an invalid address and one that another account uses', async () => {
    const user = await newUser();
    const other = await newUser();
    const invalid = await setEmail(user.cookie, 'not an e-mail');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().code).toBe('INVALID_EMAIL');
    const taken = await setEmail(user.cookie, other.email.toUpperCase());
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('EMAIL_IS_IN_USE');
    expect((await state(user.cookie)).email).toBe(user.email);
  });

  it('changes the address at most five times a day', async () => {
    const user = await newUser();
    for (let change = 1; change <= 5; change++) {
      expect((await setEmail(user.cookie, `change${change}-${user.email}`)).statusCode).toBe(200);
    }
    const refused = await setEmail(user.cookie, `change6-${user.email}`);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('UPDATES_PER_ACCOUNT_EXCEEDED');
    expect((await state(user.cookie)).email).toBe(`change5-${user.email}`);
    t.clock.advance(24 * 60 * 60_000 + 1);
    expect((await setEmail(user.cookie, `change6-${user.email}`)).statusCode).toBe(200);
  });

  it('refuses every step once the address is verified', async () => {
    const user = await newUser();
    await setEmail(user.cookie, user.email);
    await verify(user.cookie, await lastCode(user.email));
    const again = await setEmail(user.cookie, 'elsewhere@example.com');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('USER_ALREADY_HAS_EMAIL');
    expect((await resend(user.cookie)).json().code).toBe('EMAIL_ALREADY_VERIFIED');
    expect((await verify(user.cookie, '123456')).json().code).toBe('EMAIL_ALREADY_VERIFIED');
  });

  it('asks for an address first when the account has none', async () => {
    const user = await newUser();
    await t.db.updateTable('users').set({ email: '' }).where('id', '=', user.id).execute();
    const response = await resend(user.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('USER_HAS_NO_EMAIL');
  });

  it('checks the code is six digits', async () => {
    const user = await newUser();
    const response = await verify(user.cookie, '12ab');
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual([{ field: 'code', message: 'verification.errors.codeSixDigits' }]);
  });

  it('answers INTERNAL_ERROR when the mail server is down, and keeps nothing half-done', async () => {
    const user = await newUser();
    smtp.down(true);
    try {
      const response = await setEmail(user.cookie, user.email);
      expect(response.statusCode).toBe(500);
      expect(response.json().code).toBe('INTERNAL_ERROR');
      expect((await state(user.cookie)).emailCode).toBeNull();
    } finally {
      smtp.down(false);
    }
  });
});
