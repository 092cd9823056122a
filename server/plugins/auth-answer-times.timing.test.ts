import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { median, timePairs } from '../../tests/support/answer-times';
import { setSignInFailures } from '../../tests/support/sign-in-failures';
import { startSmtpServer } from '../../tests/support/smtp';
import { createTestApp, signUp, type TestApp } from '../../tests/support/test-app';
import { STEADY_AUTH_ANSWERS } from './auth-answer-time';
import { PAUSING_ANSWER_FLOOR_MS, SIGN_IN_ACCOUNT_LIMIT } from './auth-sign-in-limit';

/**
 * How long the answers take that must not tell a stranger whether an address has an account (issue 16):
 * a sign-up, a reset request, and the sign-in failure that pauses an account. Medians of alternating
 * pairs, with a margin far above what the floors leave (a few milliseconds) and far below what the work
 * without them differs by (a stored user and account, a stored code, a mail).
 *
 * Timing needs a machine that is not busy with everything else: `npm test` runs these files (`*.timing.test.ts`,
 * the `timing` project) after the other tests and the journeys. The rest of what these answers say is in
 * auth-enumeration.test.ts and sign-in-account-limit.test.ts.
 */
const MARGIN_MS = 80;

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
/** The production cost: real scrypt and the answers' floors. */
let steady: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  steady = await createTestApp({ SMTP_URL: smtp.url }, { steadyAuthAnswers: true });
});
afterAll(async () => {
  await steady?.close();
  await smtp?.close();
});

/** Each request from a client address of its own: the rate limits are not what is measured here. */
const post = (t: TestApp, url: string, payload: object) => t.send('POST', url, { payload });

describe('answer times', () => {
  it('a sign-up takes as long for a taken address as for a new one', async () => {
    await signUp(steady, { email: 'timed-taken@example.com' });
    const body = (email: string) => ({ email, password: 'secret-pass', name: '' });
    const times = await timePairs(
      9,
      () => post(steady, '/api/auth/sign-up/email', body('timed-taken@example.com')),
      (i) => post(steady, '/api/auth/sign-up/email', body(`timed-new-${i}@example.com`)),
    );
    expect(Math.abs(times.a - times.b), JSON.stringify(times)).toBeLessThan(MARGIN_MS);
    expect(times.a).toBeGreaterThanOrEqual(STEADY_AUTH_ANSWERS['/api/auth/sign-up/email']!);
  });

  it('a reset request takes as long for a known address as for an unknown one', async () => {
    await signUp(steady, { email: 'timed-reset@example.com' });
    const times = await timePairs(
      9,
      () => post(steady, '/api/auth/request-password-reset', { email: 'timed-reset@example.com' }),
      (i) => post(steady, '/api/auth/request-password-reset', { email: `timed-unknown-${i}@example.com` }),
    );
    expect(Math.abs(times.a - times.b), JSON.stringify(times)).toBeLessThan(MARGIN_MS);
    expect(times.a).toBeGreaterThanOrEqual(STEADY_AUTH_ANSWERS['/api/auth/request-password-reset']!);
  });

  it('the failure that pauses an account takes as long for an unknown address as for a known one', async () => {
    // The test app's remembered scrypt: what is timed is the pause and the owner's notice, not the hash.
    const t = await createTestApp({ SMTP_URL: smtp.url });
    try {
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 7; i++) {
        await signUp(t, { email: `timed-known-${i}@example.com`, password: 'owners-password' });
        for (const [email, into] of [
          [`timed-known-${i}@example.com`, known],
          [`timed-nobody-${i}@example.com`, unknown],
        ] as const) {
          await setSignInFailures(t.db, email, SIGN_IN_ACCOUNT_LIMIT.failures - 1);
          const started = performance.now();
          const response = await post(t, '/api/auth/sign-in/email', { email, password: 'wrong-password' });
          into.push(performance.now() - started);
          expect(response.statusCode).toBe(401);
        }
      }
      const times = { known: median(known), unknown: median(unknown) };
      expect(Math.abs(times.known - times.unknown), JSON.stringify(times)).toBeLessThan(MARGIN_MS);
      expect(times.unknown).toBeGreaterThanOrEqual(PAUSING_ANSWER_FLOOR_MS);
      // Each known owner was told; the notices are what the floor covers.
      await t.outbox.deliverDue();
      expect(smtp.received.filter((mail) => mail.to.includes('timed-known-0@example.com'))).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});
