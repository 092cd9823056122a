import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../tests/support/set-up-test-app';
import { jsonDepthExceeds, MAX_JSON_DEPTH } from './json-depth';

/** Thousands of nested brackets overflowed the stack of better-auth (a 500): the JSON parser refuses them. */
const t = setUpTestApp();

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const post = (url: string, payload: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { origin: t.config.publicUrl, 'content-type': 'application/json' },
    remoteAddress: '10.204.0.1',
    payload,
  });

describe('deeply nested JSON', () => {
  it.each(['/api/auth/sign-in/email', '/api/abuse-reports'])('is a 400 at %s, never a 500', async (url) => {
    const response = await post(url, nested(5000));
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });

  it('still parses ordinary bodies as before: malformed JSON and prototype poisoning are 400s', async () => {
    expect((await post('/api/abuse-reports', '{"subject":')).statusCode).toBe(400);
    expect((await post('/api/abuse-reports', '{"__proto__":{"x":1}}')).statusCode).toBe(400);
    const report = {
      email: 'a@example.com',
      subject: '[{x}]',
      message: 'Nested [[[[ in text is fine',
      url: '',
    };
    expect((await post('/api/abuse-reports', JSON.stringify(report))).statusCode).not.toBe(500);
  });
});

describe('jsonDepthExceeds', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(jsonDepthExceeds(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(jsonDepthExceeds(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(jsonDepthExceeds('{"a":{"b":[1,{"c":2}]}}', 4)).toBe(false);
    expect(jsonDepthExceeds('{"a":{"b":[1,{"c":2}]}}', 3)).toBe(true);
    expect(jsonDepthExceeds(`{"a":"${'['.repeat(100)}\\"${'{'.repeat(100)}"}`, 1)).toBe(false);
  });
});
