import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../tests/support/set-up-test-app';

/** Every answer names its request (X-Request-Id): ours, or the trusted proxy's when it gave a sane one. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const nginxId = '0123456789abcdef0123456789abcdef';

describe('without a trusted proxy', () => {
  const t = setUpTestApp();

  it('gives every request its own random id, and ignores one the client sends', async () => {
    const ids = [];
    for (let i = 0; i < 2; i++) {
      const answer = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': nginxId } });
      ids.push(String(answer.headers['x-request-id']));
    }
    expect(ids[0]).toMatch(UUID);
    expect(ids[1]).toMatch(UUID);
    expect(ids[0]).not.toBe(ids[1]);
  });
});

describe('behind a trusted proxy', () => {
  const t = setUpTestApp({ TRUST_PROXY: '1' });

  it("takes the proxy's id, so its access log and ours name the same request", async () => {
    const answer = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': nginxId } });
    expect(answer.headers['x-request-id']).toBe(nginxId);
  });

  it('replaces an id that is too short, too long or could be misread in a log', async () => {
    for (const given of ['short', 'x'.repeat(65), 'a b c d e f g h', 'abc"def\\ghi']) {
      const answer = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': given } });
      expect(answer.headers['x-request-id'], given).toMatch(UUID);
    }
  });
});
