import { describe, expect, it } from 'vitest';
import en from '../../common/i18n/en.json' with { type: 'json' };
import { setUpSmtpServer, setUpTwoInstances } from '../../tests/support/set-up-test-app';
import {
  endSignInFailureWindow,
  setSignInFailures,
  signInFailuresOf,
} from '../../tests/support/sign-in-failures';
import { parseMail } from '../../tests/support/smtp';
import { createTestApp, signUp, type TestApp } from '../../tests/support/test-app';
import { SIGN_IN_ACCOUNT_LIMIT } from './auth-sign-in-limit';

/**
 * Password sign-ins are limited per account as well as per client address: strangers on many networks
 * trying one account are slowed down as one. Two app instances on one database, as in production, so
 * every count here is also one budget for both.
 */
const LIMIT = SIGN_IN_ACCOUNT_LIMIT.failures;
const PASSWORD = 'owners-password';
const smtp = setUpSmtpServer();
const { one, two } = setUpTwoInstances(() => ({ SMTP_URL: smtp.url }));

let sent = 0;
/** One sign-in, each from a client address of its own: better-auth's per-address limit never meets it. */
function signIn(t: TestApp, email: string, password: string) {
  sent += 1;
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
    headers: { origin: t.config.publicUrl },
    remoteAddress: `10.77.${Math.floor(sent / 250) % 250}.${(sent % 250) + 1}`,
  });
}

/**
 * `count` wrong sign-ins for `email`, one after another, alternating between the two instances. One wrong
 * password each time: what counts is the failure, and the test app's scrypt then checks it once, not 20 times.
 */
async function failSignIns(email: string, count: number) {
  for (let i = 0; i < count; i++) {
    const response = await signIn(i % 2 === 0 ? one : two, email, 'wrong-password');
    expect(response.statusCode, response.body).toBe(401);
  }
}

/**
 * Brings `email` to the limit quickly: all but one failure stored, the last one a real sign-in (the one
 * that pauses the account and tells its owner).
 */
async function reachLimit(email: string) {
  await setSignInFailures(one.db, email, LIMIT - 1);
  await failSignIns(email, 1);
}

/**
 * Delivers what is due, and waits for a delivery under way: on either instance, since both hear of a
 * queued mail at its commit and either may be sending it.
 */
const deliverAll = () => Promise.all([one.outbox.deliverDue(), two.outbox.deliverDue()]);

/** The mails delivered so far to `email`. */
async function mailsTo(email: string) {
  await deliverAll();
  return smtp.received.filter((mail) => mail.to.includes(email));
}

/** What a stranger can compare of a refusal. */
function answerOf(response: Awaited<ReturnType<typeof signIn>>) {
  return {
    status: response.statusCode,
    body: response.json() as unknown,
    contentType: response.headers['content-type'],
    cookie: response.headers['set-cookie'] ?? null,
    retryAfter: Number(response.headers['retry-after']),
  };
}

const PAUSED = { code: 'SIGN_IN_PAUSED', message: en.errors.SIGN_IN_PAUSED };

describe('the sign-in limit per account', () => {
  it('pauses an account after 20 failures from 20 addresses, the right password refused too', async () => {
    await signUp(one, { email: 'targeted@example.com', password: PASSWORD });
    await failSignIns('targeted@example.com', LIMIT);

    const right = await signIn(one, 'targeted@example.com', PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual(PAUSED);
    expect(right.headers['set-cookie']).toBeUndefined();
    const retryAfter = Number(right.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(SIGN_IN_ACCOUNT_LIMIT.windowMs / 1000 - 120);
    expect(retryAfter).toBeLessThanOrEqual(SIGN_IN_ACCOUNT_LIMIT.windowMs / 1000);
    // From the other instance, in other letters and spaces, with a wrong password: the same pause, and
    // refused attempts are not counted.
    for (const email of ['targeted@example.com', '  Targeted@EXAMPLE.com ']) {
      const again = await signIn(two, email, 'yet-another-guess');
      expect(again.statusCode).toBe(429);
      expect(again.json()).toEqual(PAUSED);
    }
    expect(await signInFailuresOf(one.db, 'targeted@example.com')).toBe(LIMIT);
    // Another account is not touched.
    await signUp(two, { email: 'bystander@example.com', password: PASSWORD });
    expect((await signIn(one, 'bystander@example.com', PASSWORD)).statusCode).toBe(200);
  });

  it('pauses an unknown address exactly as a known one: the same status, body and headers', async () => {
    await failSignIns('unknown@example.com', LIMIT);
    const unknown = answerOf(await signIn(two, 'unknown@example.com', PASSWORD));
    const known = answerOf(await signIn(two, 'targeted@example.com', PASSWORD));
    expect(known).toMatchObject({ status: 429, body: PAUSED, cookie: null });
    expect({ ...unknown, retryAfter: 0 }).toEqual({ ...known, retryAfter: 0 });
    expect(unknown.retryAfter).toBeGreaterThan(SIGN_IN_ACCOUNT_LIMIT.windowMs / 1000 - 120);
  });

  it('gives two instances one budget, also for failures that arrive at once, and pauses on both', async () => {
    await signUp(one, { email: 'shared@example.com', password: PASSWORD });
    await failSignIns('shared@example.com', LIMIT / 2);
    // The rest of the budget and a few more at once, on both instances: each is counted once.
    const burst = await Promise.all(
      Array.from({ length: LIMIT / 2 + 4 }, (_, i) =>
        signIn(i % 2 === 0 ? one : two, 'shared@example.com', `burst-${i}`),
      ),
    );
    expect(burst.every((response) => [401, 429].includes(response.statusCode))).toBe(true);
    expect(await signInFailuresOf(one.db, 'shared@example.com')).toBeGreaterThanOrEqual(LIMIT);
    for (const t of [one, two]) {
      expect((await signIn(t, 'shared@example.com', PASSWORD)).statusCode).toBe(429);
    }
    expect(await mailsTo('shared@example.com')).toHaveLength(1);
  });

  it('tells the owner once per pause, in their language, with the way to a new password', async () => {
    await signUp(one, { email: 'greek-owner@example.com', password: PASSWORD });
    await one.db
      .updateTable('users')
      .set({ language: 'el' })
      .where('email', '=', 'greek-owner@example.com')
      .execute();
    await reachLimit('greek-owner@example.com');
    for (let i = 0; i < 3; i++) {
      expect((await signIn(two, 'greek-owner@example.com', 'still-guessing')).statusCode).toBe(429);
    }
    const mails = await mailsTo('greek-owner@example.com');
    expect(mails).toHaveLength(1);
    const parsed = await parseMail(mails[0]!);
    expect(parsed.subject).toBe('Η σύνδεση στον λογαριασμό σας στο Clipmarket έχει σταματήσει προσωρινά');
    expect(parsed.text).toContain(`${one.config.publicUrl}/auth/forgot_password?lang=el`);
  });

  it('mails nobody for an unknown address', async () => {
    await reachLimit('nobody-here@example.com');
    expect((await signIn(one, 'nobody-here@example.com', PASSWORD)).statusCode).toBe(429);
    expect(await mailsTo('nobody-here@example.com')).toEqual([]);
    const queued = await one.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('recipient', 'like', '%nobody-here%')
      .execute();
    expect(queued).toEqual([]);
  });

  it('ends the pause when the owner completes a password reset; the new password then signs in', async () => {
    await signUp(one, { email: 'resetter@example.com', password: PASSWORD });
    await reachLimit('resetter@example.com');
    expect((await signIn(one, 'resetter@example.com', PASSWORD)).statusCode).toBe(429);

    const before = smtp.received.length;
    const request = await one.send('POST', '/api/auth/request-password-reset', {
      payload: { email: 'resetter@example.com' },
    });
    expect(request.statusCode).toBe(200);
    await deliverAll();
    const resetMail = smtp.received
      .slice(before)
      .find((mail) => mail.to.includes('resetter@example.com') && mail.raw.includes('oobCode'));
    const text = (await parseMail(resetMail!)).text ?? '';
    const code = new URL(/https?:\/\/\S+oobCode=\S+/.exec(text)![0]).searchParams.get('oobCode')!;
    const reset = await two.send('POST', '/api/auth/reset-password', {
      payload: { token: code, newPassword: 'brand-new-password' },
    });
    expect(reset.statusCode).toBe(200);

    expect(await signInFailuresOf(one.db, 'resetter@example.com')).toBe(0);
    expect((await signIn(one, 'resetter@example.com', 'brand-new-password')).statusCode).toBe(200);
  });

  it('forgets the failures at a successful sign-in before the limit', async () => {
    await signUp(one, { email: 'clumsy@example.com', password: PASSWORD });
    await setSignInFailures(one.db, 'clumsy@example.com', LIMIT - 2);
    await failSignIns('clumsy@example.com', 1);
    expect((await signIn(two, 'clumsy@example.com', PASSWORD)).statusCode).toBe(200);
    expect(await signInFailuresOf(one.db, 'clumsy@example.com')).toBe(0);
    // A whole budget again: the next failure is the first of a new count.
    await failSignIns('clumsy@example.com', 1);
    expect(await signInFailuresOf(one.db, 'clumsy@example.com')).toBe(1);
    expect(await mailsTo('clumsy@example.com')).toEqual([]);
  });

  it('lets the account sign in again once its window has ended, with a fresh budget', async () => {
    await signUp(one, { email: 'patient@example.com', password: PASSWORD });
    await reachLimit('patient@example.com');
    expect((await signIn(one, 'patient@example.com', PASSWORD)).statusCode).toBe(429);
    await endSignInFailureWindow(one.db, 'patient@example.com');
    expect((await signIn(two, 'patient@example.com', 'one-more-guess')).statusCode).toBe(401);
    expect(await signInFailuresOf(one.db, 'patient@example.com')).toBe(1);
    expect((await signIn(one, 'patient@example.com', PASSWORD)).statusCode).toBe(200);
  });

  it('sweeps counters whose window has ended', async () => {
    await setSignInFailures(one.db, 'long-ago@example.com', 3);
    await endSignInFailureWindow(one.db, 'long-ago@example.com');
    // The sweep runs at a failure, at most once an hour per instance: a fresh instance sweeps at its first.
    const fresh = await createTestApp({}, { database: one.database });
    try {
      expect((await signIn(fresh, 'sweeper@example.com', 'wrong-password')).statusCode).toBe(401);
      await expect
        .poll(() =>
          one.db
            .selectFrom('sign_in_failures')
            .select('failures')
            .where('window_ends_at', '<=', new Date())
            .execute(),
        )
        .toEqual([]);
    } finally {
      await fresh.close();
    }
  });
});
