import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/support/test-database';
import type { Database } from '../../db/connection';
import { captchaUsesRepository } from '../../repositories/captcha-uses.repository';
import { CAPTCHA_ALGORITHM, type CaptchaChallenge, createCaptcha } from './captcha';
import { solveCaptchaChallenge } from './captcha-solver';

const SECRET = 'captcha-test-secret-that-is-long-enough-0123456789';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** A captcha on the real database store, cheap to solve, with a clock the test moves. */
function testCaptcha(options: { secret?: string; ttlSeconds?: number } = {}) {
  let offsetMs = 0;
  const captcha = createCaptcha({
    secret: options.secret ?? SECRET,
    store: captchaUsesRepository(database.db),
    cost: 1,
    ttlSeconds: options.ttlSeconds,
    now: () => new Date(Date.now() + offsetMs),
  });
  return { captcha, advance: (ms: number) => (offsetMs += ms) };
}

const decode = (payload: string) => JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

describe('captcha', () => {
  it('serves a signed PBKDF2 challenge that expires, in the shape the widget expects', async () => {
    const { captcha } = testCaptcha();
    const challenge = await captcha.challenge();
    expect(challenge.parameters).toMatchObject({
      algorithm: CAPTCHA_ALGORITHM,
      nonce: expect.stringMatching(/^[0-9a-f]{32}$/),
      salt: expect.stringMatching(/^[0-9a-f]+$/),
      keyPrefix: expect.stringMatching(/^[0-9a-f]+$/),
      keySignature: expect.any(String),
      cost: 1,
    });
    const expiresInSeconds = challenge.parameters.expiresAt! - Date.now() / 1000;
    expect(expiresInSeconds).toBeGreaterThan(290);
    expect(expiresInSeconds).toBeLessThanOrEqual(300);
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
  });

  it('accepts a solved challenge once; a replay fails', async () => {
    const { captcha } = testCaptcha();
    const payload = await solveCaptchaChallenge(await captcha.challenge());
    expect(await captcha.verify(payload)).toBe('ok');
    expect(await captcha.verify(payload)).toBe('failed');
  });

  it('lets only one of two simultaneous uses of a solution through', async () => {
    const { captcha } = testCaptcha();
    const payload = await solveCaptchaChallenge(await captcha.challenge());
    const verdicts = await Promise.all([captcha.verify(payload), captcha.verify(payload)]);
    expect(verdicts.sort()).toEqual(['failed', 'ok']);
  });

  it('refuses tampered payloads', async () => {
    const { captcha } = testCaptcha();
    const solved = decode(await solveCaptchaChallenge(await captcha.challenge()));
    const other = decode(await solveCaptchaChallenge(await captcha.challenge()));
    const tampered = [
      // an easier challenge than the one signed
      {
        ...solved,
        challenge: { ...solved.challenge, parameters: { ...solved.challenge.parameters, keyPrefix: '00' } },
      },
      // a later expiry than the one signed
      {
        ...solved,
        challenge: {
          ...solved.challenge,
          parameters: {
            ...solved.challenge.parameters,
            expiresAt: solved.challenge.parameters.expiresAt + 3600,
          },
        },
      },
      // a made-up signature
      { ...solved, challenge: { ...solved.challenge, signature: '0'.repeat(64) } },
      // a wrong answer (the derived key is the proof; the counter alone is not checked, by design)
      { ...solved, solution: { ...solved.solution, derivedKey: 'ab'.repeat(32) } },
      // the answer to another challenge
      { ...solved, solution: other.solution },
    ];
    for (const payload of tampered) expect(await captcha.verify(encode(payload))).toBe('failed');
    // none of those spent the genuine solution
    expect(await captcha.verify(encode(solved))).toBe('ok');
  });

  it('refuses a challenge signed with another secret', async () => {
    const elsewhere = testCaptcha({ secret: 'another-secret-that-is-long-enough-0123456789' }).captcha;
    const payload = await solveCaptchaChallenge(await elsewhere.challenge());
    expect(await testCaptcha().captcha.verify(payload)).toBe('failed');
  });

  it('refuses missing, garbage and malformed payloads without throwing', async () => {
    const { captcha } = testCaptcha();
    const solved = decode(await solveCaptchaChallenge(await captcha.challenge()));
    const bad: (string | undefined)[] = [
      undefined,
      '',
      'not base64 at all!',
      encode('just a string'),
      encode(null),
      encode({}),
      encode({ challenge: null, solution: null, test: true }), // what the widget sends in its test mode
      encode({ challenge: solved.challenge }),
      encode({ ...solved, solution: { ...solved.solution, counter: -1 } }),
      encode({ ...solved, solution: { ...solved.solution, derivedKey: 'xyz' } }),
      encode({
        ...solved,
        challenge: { ...solved.challenge, parameters: { ...solved.challenge.parameters, nonce: 'zz' } },
      }),
      encode({
        ...solved,
        challenge: { ...solved.challenge, parameters: { ...solved.challenge.parameters, salt: 'abc' } },
      }),
      `${encode(solved)}garbage`,
      'A'.repeat(100_000),
    ];
    for (const payload of bad) expect(await captcha.verify(payload)).toBe('failed');
  });

  it('says a solution came too late', async () => {
    const { captcha, advance } = testCaptcha({ ttlSeconds: 60 });
    const payload = await solveCaptchaChallenge(await captcha.challenge());
    advance(61_000);
    expect(await captcha.verify(payload)).toBe('expired');
  });

  it('says so for a challenge already expired by the real clock too', async () => {
    const { captcha, advance } = testCaptcha({ ttlSeconds: 60 });
    advance(-120_000); // issued two minutes ago
    const challenge: CaptchaChallenge = await captcha.challenge();
    const payload = await solveCaptchaChallenge(challenge);
    advance(120_000);
    expect(await captcha.verify(payload)).toBe('expired');
  });

  it('forgets used solutions once they have expired, and only then', async () => {
    const { captcha } = testCaptcha();
    const store = captchaUsesRepository(database.db);
    const past = new Date(Date.now() - 10 * 60_000);
    expect(await store.markUsed('long-expired', past)).toBe(true);
    const payload = await solveCaptchaChallenge(await captcha.challenge());
    expect(await captcha.verify(payload)).toBe('ok');
    const ids = (await database.db.selectFrom('captcha_uses').select('id').execute()).map((row) => row.id);
    expect(ids).not.toContain('long-expired');
    expect(ids).toContain(decode(payload).challenge.parameters.nonce);
  });
});
