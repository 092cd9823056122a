import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { createTestDatabase, testDatabaseKind } from '../../tests/support/test-database';
import { rateLimitHitsRepository } from '../repositories/rate-limit-hits.repository';

/** A limited route: 5 reports per address in 10 minutes (routes/abuse). */
const LIMIT = 5;
const report = (t: TestApp, from: { remoteAddress: string; forwardedFor?: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/abuse-reports',
    payload: { email: 'r@example.com', subject: 'Broken', message: 'It stops.', url: 'http://localhost/v/1' },
    remoteAddress: from.remoteAddress,
    headers: from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {},
  });

const toClose: { close(): Promise<void> }[] = [];
afterAll(async () => {
  for (const item of toClose.reverse()) await item.close();
});

describe('the client address behind a proxy (TRUST_PROXY=1)', () => {
  it('is the address the proxy saw: a client-written X-Forwarded-For gives no fresh budget', async () => {
    const t = await createTestApp({ TRUST_PROXY: '1' });
    toClose.push(t);
    const codes: number[] = [];
    for (let i = 0; i <= LIMIT; i++) {
      // The proxy appends the address it saw; whatever the client put in front changes every time.
      const response = await report(t, {
        remoteAddress: '127.0.0.1',
        forwardedFor: `198.51.100.${i}, 203.0.113.9`,
      });
      codes.push(response.statusCode);
    }
    expect(codes).toEqual([...Array(LIMIT).fill(201), 429]);
    // Another client behind the same proxy has a budget of its own.
    expect((await report(t, { remoteAddress: '127.0.0.1', forwardedFor: '203.0.113.10' })).statusCode).toBe(
      201,
    );
  });
});

describe('counters shared by app instances', () => {
  it('counts hits in a window and starts again once it has ended', async () => {
    const database = await createTestDatabase();
    toClose.push(database);
    const counters = rateLimitHitsRepository(database.db);
    const first = await counters.hit('k', 300);
    expect(first.hits).toBe(1);
    expect(first.msLeft).toBeGreaterThan(0);
    expect(first.msLeft).toBeLessThanOrEqual(300);
    expect((await counters.hit('k', 300)).hits).toBe(2);
    expect((await counters.hit('other', 300)).hits).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect((await counters.hit('k', 300)).hits).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 350));
    await counters.deleteEnded();
    expect(await database.db.selectFrom('rate_limit_hits').select('key').execute()).toEqual([]);
  });

  it.skipIf(testDatabaseKind() !== 'postgres')(
    'give two app instances on one PostgreSQL database one budget, not one each (the embedded database is one process)',
    async () => {
      const database = await createTestDatabase();
      toClose.push(database);
      const one = await createTestApp({}, { database });
      const two = await createTestApp({}, { database });
      toClose.push(one, two);
      const codes: number[] = [];
      for (let i = 0; i <= LIMIT; i++) {
        codes.push((await report(i % 2 === 0 ? one : two, { remoteAddress: '192.0.2.44' })).statusCode);
      }
      expect(codes).toEqual([...Array(LIMIT).fill(201), 429]);
      // Many at once from both instances: the count is exact, so exactly the budget gets through.
      const burst = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          report(i % 2 === 0 ? one : two, { remoteAddress: '192.0.2.45' }),
        ),
      );
      expect(burst.filter((response) => response.statusCode === 201)).toHaveLength(LIMIT);
    },
  );
});
