import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../tests/support/test-app';

/** Headers helmet adds to every answer (registered in app.ts), by the public address's scheme. */
describe('security headers', () => {
  it.each([
    ['https://clips.example.org', true],
    ['http://localhost:3000', false],
  ])('with PUBLIC_URL %s sends HSTS: %s', async (publicUrl, hsts) => {
    const t = await createTestApp({ PUBLIC_URL: publicUrl });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      if (hsts) expect(response.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
      else expect(response.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
