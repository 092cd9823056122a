import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../../tests/support/set-up-test-app';
import { CAPTCHA_ALGORITHM } from '../../adapters/captcha/captcha';

const t = setUpTestApp();

let ip = 0;
const getChallenge = (remoteAddress = `10.0.1.${++ip % 250}`) =>
  t.app.inject({ method: 'GET', url: '/api/captcha', remoteAddress });

describe('GET /api/captcha', () => {
  it('serves a fresh signed challenge to anyone, never cached', async () => {
    const first = await getChallenge();
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    const challenge = first.json();
    expect(challenge).toMatchObject({
      parameters: {
        algorithm: CAPTCHA_ALGORITHM,
        keySignature: expect.any(String),
        expiresAt: expect.any(Number),
      },
      signature: expect.any(String),
    });
    const second = (await getChallenge()).json();
    expect(second.parameters.nonce).not.toBe(challenge.parameters.nonce);
  });

  it('serves a challenge whose solution verifies, once', async () => {
    const payload = await t.solveCaptcha();
    expect(await t.app.captcha.verify(payload)).toBe('ok');
    expect(await t.app.captcha.verify(payload)).toBe('failed');
  });

  it('slows down a flood from one address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) codes.push((await getChallenge('192.0.2.9')).statusCode);
    expect(codes.slice(0, 30).every((code) => code === 200)).toBe(true);
    expect(codes[30]).toBe(429);
  });
});
