import { describe, expect, it } from 'vitest';
import { setUpTwoInstances } from '../../tests/support/set-up-test-app';
import type { TestApp } from '../../tests/support/test-app';

/**
 * better-auth's own limits (5 sign-ins a minute per client address) count in the database, so two app
 * instances on one database give one budget, not one each. In memory, as before, each instance had its
 * own: this test fails on both databases then (two apps in one process share nothing but the database).
 */
const SIGN_IN_LIMIT = 10;
const { one, two } = setUpTwoInstances();

// Each test tries its own account: the limit per account (sign-in-account-limit.test.ts) stays out of it.
const signIn = (t: TestApp, remoteAddress: string, email = 'someone@example.com') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password: 'wrong-password' },
    headers: { origin: t.config.publicUrl },
    remoteAddress,
  });

describe("better-auth's rate limits", () => {
  it('give two app instances one budget per client address, not one each', async () => {
    const codes: number[] = [];
    for (let i = 0; i <= SIGN_IN_LIMIT; i++) {
      codes.push((await signIn(i % 2 === 0 ? one : two, '192.0.2.61')).statusCode);
    }
    expect(codes).toEqual([...Array(SIGN_IN_LIMIT).fill(401), 429]);
    // Another client address has its own budget, on either instance.
    expect((await signIn(two, '192.0.2.62')).statusCode).toBe(401);
    const rows = await one.db
      .selectFrom('auth_rate_limits')
      .select(['key', 'count'])
      .orderBy('key')
      .execute();
    expect(rows).toEqual([
      { key: '192.0.2.61|/sign-in/email', count: SIGN_IN_LIMIT },
      { key: '192.0.2.62|/sign-in/email', count: 1 },
    ]);
  });

  it('let exactly the budget through when many arrive at once on both instances', async () => {
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        signIn(i % 2 === 0 ? one : two, '192.0.2.63', 'other@example.com'),
      ),
    );
    const codes = burst.map((response) => response.statusCode).sort();
    expect(codes).toEqual([...Array(SIGN_IN_LIMIT).fill(401), ...Array(12 - SIGN_IN_LIMIT).fill(429)]);
  });
});
