import { beforeAll, describe, expect, it } from 'vitest';
import { setUpTestApp, setUpWebBuild } from '../../tests/support/set-up-test-app';
import { createTestApp } from '../../tests/support/test-app';

/**
 * The security headers on every kind of answer the server gives: API JSON, an API error, a page that
 * does not exist, the app page, a built asset and a public file. Helmet adds them (app.ts); this proves
 * none of the ways out (static files, the SPA fallback, the error handler) skips them.
 */
const web = setUpWebBuild();
const t = setUpTestApp({ PUBLIC_URL: 'https://clips.example.org' }, () => ({ webDir: web.dir }));
beforeAll(async () => {
  await t.storage.put('avatars/headers.jpg', Buffer.from('jpeg'), 'image/jpeg');
  await t.storage.put('video_thumbnails/headers.jpg', Buffer.from('jpeg'), 'image/jpeg');
});

/** A CSP header as directive -> sources. */
function parseCsp(header: string): Map<string, string[]> {
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

const ANSWERS: [string, string, number][] = [
  ['API JSON', '/api/keywords', 200],
  ['an API error', '/api/videos/not-an-id', 400],
  ['an unknown API address', '/api/no-such-thing', 404],
  ['the app page', '/', 200],
  ['an app route', '/me/settings/billing', 200],
  ['a built asset', '/assets/index-abc123.js', 200],
  ['a public file', '/files/avatars/headers.jpg', 200],
  ['a thumbnail of no visible video', '/files/video_thumbnails/headers.jpg', 404],
  ['a private file asked for without a signature', '/files/videos/headers.mp4', 404],
  ['the health check', '/healthz', 200],
];

describe.each(ANSWERS)('%s (%s)', (_kind, url, status) => {
  it('carries the security headers', async () => {
    const response = await t.app.inject(url);
    expect(response.statusCode).toBe(status);
    const csp = parseCsp(String(response.headers['content-security-policy'] ?? ''));
    // Scripts only from our origin: no inline script, no eval, and no inline event handlers.
    const scripts = csp.get('script-src') ?? csp.get('default-src') ?? [];
    expect(scripts).toContain("'self'");
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    expect(scripts.some((source) => source === '*' || source.endsWith(':'))).toBe(false);
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    // Nobody else may frame us (clickjacking): the CSP says so, and the older header for older browsers.
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    // PUBLIC_URL is https here: pin it.
    expect(response.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
  });
});

describe('a plain-http site', () => {
  // Browsers ignore HSTS over http, and such a site has no https to pin (security-headers.test.ts has
  // the health check; here every kind of answer).
  // An app of its own: its start passed 30 s once beside the whole suite.
  it('sends no Strict-Transport-Security on any kind of answer', { timeout: 90_000 }, async () => {
    const plain = await createTestApp({}, { webDir: web.dir });
    try {
      for (const [, url] of ANSWERS) {
        expect((await plain.app.inject(url)).headers['strict-transport-security'], url).toBeUndefined();
      }
    } finally {
      await plain.close();
    }
  });
});
