import { beforeEach, describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../../tests/support/set-up-test-app';
import { signUp } from '../../../tests/support/test-app';

const t = setUpTestApp();
beforeEach(async () => {
  await t.db.deleteFrom('abuse_requests').execute();
});

const good = {
  email: 'reader@example.com',
  subject: 'Broken video',
  message: 'It stops after 3 seconds.',
  url: 'http://localhost/videos/1',
};
let ip = 0;
/** Each call from its own address, so the rate limit is tested only where it is meant to be. */
const post = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/abuse-reports',
    payload: payload as object,
    headers,
    remoteAddress: `10.0.0.${++ip % 250}`,
  });
const stored = () => t.db.selectFrom('abuse_requests').selectAll().execute();

describe('POST /api/abuse-reports', () => {
  it('stores an anonymous report with the page address and a server timestamp', async () => {
    const before = Date.now();
    const response = await post(good);
    expect(response.statusCode).toBe(201);
    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ...good, user_id: null });
    expect(rows[0]!.created.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(response.json()).toEqual({ id: rows[0]!.id, created: rows[0]!.created.toISOString() });
  });

  it('records the signed-in reporter', async () => {
    const user = await signUp(t, { email: 'signed-in@example.com' });
    const response = await post(good, { cookie: user.cookie, origin: t.config.publicUrl });
    expect(response.statusCode).toBe(201);
    expect((await stored())[0]?.user_id).toBe(user.id);
  });

  it('refuses a signed-in request from another site (CSRF), and saves nothing', async () => {
    const user = await signUp(t, { email: 'csrf-target@example.com' });
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { referer: 'https://evil.example/page' },
      {},
    ];
    for (const headers of foreign) {
      const response = await post(good, { cookie: user.cookie, ...headers });
      expect(response.statusCode).toBe(403);
    }
    expect(await stored()).toHaveLength(0);
  });

  it('trims what it stores', async () => {
    await post({ ...good, subject: '  Spaces  ' });
    expect((await stored())[0]?.subject).toBe('Spaces');
  });

  const bad: [string, unknown, string, string][] = [
    ['a missing email', { ...good, email: undefined }, 'email', 'abuse.errors.emailRequired'],
    ['an empty email', { ...good, email: '  ' }, 'email', 'abuse.errors.emailRequired'],
    ['an invalid email', { ...good, email: 'not-an-email' }, 'email', 'abuse.errors.emailInvalid'],
    ['a missing subject', { ...good, subject: undefined }, 'subject', 'abuse.errors.subjectRequired'],
    ['a blank subject', { ...good, subject: '   ' }, 'subject', 'abuse.errors.subjectRequired'],
    ['a too long subject', { ...good, subject: 'x'.repeat(201) }, 'subject', 'abuse.errors.subjectTooLong'],
    ['a missing message', { ...good, message: undefined }, 'message', 'abuse.errors.messageRequired'],
    ['a too long message', { ...good, message: 'x'.repeat(5001) }, 'message', 'abuse.errors.messageTooLong'],
    ['a message that is not text', { ...good, message: 42 }, 'message', 'abuse.errors.messageRequired'],
    [
      'a too long page address',
      { ...good, url: `http://x/${'a'.repeat(2048)}` },
      'url',
      'abuse.errors.urlTooLong',
    ],
  ];
  it.each(bad)('refuses %s with a clear error and saves nothing', async (_name, payload, field, message) => {
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ field, message }] });
    expect(await stored()).toHaveLength(0);
  });

  it('refuses a body that is not JSON, and saves nothing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/abuse-reports',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await stored()).toHaveLength(0);
  });

  it('slows down a flood from one address', async () => {
    const from = { remoteAddress: '192.0.2.7' };
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/abuse-reports',
        payload: good,
        ...from,
      });
      codes.push(response.statusCode);
    }
    expect(codes).toEqual([201, 201, 201, 201, 201, 429]);
    expect(await stored()).toHaveLength(5);
  });
});
