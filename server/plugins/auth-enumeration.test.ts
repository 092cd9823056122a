import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMail, startSmtpServer } from '../../tests/support/smtp';
import { createTestApp, signUp, type TestApp } from '../../tests/support/test-app';

/**
 * A stranger must not learn which addresses have an account from sign-up or a reset request: not from
 * the status, not from the body, not from a cookie, not from how long the answer takes (issue 16, #7;
 * the times are measured in auth-answer-times.timing.test.ts, when the rest of the suite is done).
 * The owner of a taken address hears about the attempt by mail, in their language.
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** Each request from a client address of its own: the rate limits are not what is measured here. */
const post = (url: string, payload: object) => t.send('POST', url, { payload });

/** The answer with what differs between two users blanked: what a stranger could compare. */
function shapeOf(response: Awaited<ReturnType<typeof post>>) {
  const body = response.json() as { token: unknown; user: Record<string, unknown> };
  const user = Object.fromEntries(
    Object.entries(body.user).map(([key, value]) => [
      key,
      ['id', 'email', 'createdAt', 'updatedAt'].includes(key) ? typeof value : value,
    ]),
  );
  return {
    status: response.statusCode,
    cookie: response.headers['set-cookie'] ?? null,
    contentType: response.headers['content-type'],
    body: { ...body, user },
  };
}

describe('sign-up with an address that already has an account', () => {
  it('answers exactly as for a new address, signs nobody in, and leaves the account as it was', async () => {
    const owner = await signUp(t, { email: 'taken@example.com', password: 'owners-password' });
    const body = (email: string) => ({ email, password: 'strangers-pass', name: 'Stranger', language: 'en' });

    const taken = await post('/api/auth/sign-up/email', body('taken@example.com'));
    const fresh = await post('/api/auth/sign-up/email', body('fresh@example.com'));
    expect(shapeOf(taken)).toEqual(shapeOf(fresh));
    expect(shapeOf(taken)).toMatchObject({ status: 200, cookie: null, body: { token: null } });
    expect(taken.json().user.id).not.toBe(owner.id);

    // The owner's password still works, the stranger's does not; there is still one account.
    const signIn = (password: string) =>
      post('/api/auth/sign-in/email', { email: 'taken@example.com', password });
    expect((await signIn('strangers-pass')).statusCode).toBe(401);
    expect((await signIn('owners-password')).statusCode).toBe(200);
    const rows = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'taken@example.com')
      .execute();
    expect(rows).toEqual([{ id: owner.id }]);
    // The new address did get its account: the same answer, but a real one.
    expect(
      (await post('/api/auth/sign-in/email', { email: 'fresh@example.com', password: 'strangers-pass' }))
        .statusCode,
    ).toBe(200);
  });

  it('mails the owner, in their language, with a way to sign in', async () => {
    await signUp(t, { email: 'greek-owner@example.com' });
    await t.db
      .updateTable('users')
      .set({ language: 'el' })
      .where('email', '=', 'greek-owner@example.com')
      .execute();
    const before = smtp.received.length;
    const response = await post('/api/auth/sign-up/email', {
      email: 'greek-owner@example.com',
      password: 'whatever-pass',
      name: '',
    });
    expect(response.statusCode).toBe(200);
    await t.outbox.deliverDue();
    const mails = smtp.received.slice(before).filter((mail) => mail.to.includes('greek-owner@example.com'));
    expect(mails).toHaveLength(1);
    const parsed = await parseMail(mails[0]!);
    expect(parsed.subject).toBe('Κάποιος προσπάθησε να εγγραφεί στο Clipmarket με το e-mail σας');
    expect(parsed.text).toContain(`${t.config.publicUrl}/auth/sign_in?lang=el`);
  });

  it('mails the owner once an hour at most, however many strangers try from however many networks', async () => {
    await signUp(t, { email: 'popular-owner@example.com' });
    const before = smtp.received.length;
    for (let i = 0; i < 4; i++) {
      const response = await post('/api/auth/sign-up/email', {
        email: 'popular-owner@example.com',
        password: `stranger-${i}-pass`,
        name: '',
      });
      expect(response.statusCode).toBe(200);
    }
    await t.outbox.deliverDue();
    const mails = smtp.received.slice(before).filter((mail) => mail.to.includes('popular-owner@example.com'));
    expect(mails).toHaveLength(1);
  });

  it('a new address gets no such mail', async () => {
    const before = smtp.received.length;
    expect(
      (
        await post('/api/auth/sign-up/email', {
          email: 'nobody-yet@example.com',
          password: 'secret-pass',
          name: '',
        })
      ).statusCode,
    ).toBe(200);
    await t.outbox.deliverDue();
    expect(smtp.received.slice(before).filter((mail) => mail.to.includes('nobody-yet@example.com'))).toEqual(
      [],
    );
  });
});
