import { describe, expect, it } from 'vitest';
import { setUpTestApp, setUpWebBuild } from '../../tests/support/set-up-test-app';

// A stand-in build: what matters here is how the server serves whatever Vite produced.
const web = setUpWebBuild();
const t = setUpTestApp({}, () => ({ webDir: web.dir }));

describe('serving the web app', () => {
  it.each(['/', '/me/settings/billing', '/videos/123/edit', '/no/such/page'])(
    'answers %s with the app page',
    async (url) => {
      const response = await t.app.inject(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    },
  );

  it('caches hashed assets for a year', async () => {
    const response = await t.app.inject('/assets/index-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a missing asset with 404, not the app page', async () => {
    expect((await t.app.inject('/assets/missing.js')).statusCode).toBe(404);
  });

  it('strips underscore segments and redirects (SPEC 2.1)', async () => {
    const response = await t.app.inject('/_/videos/_/search?x=1');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/videos/search?x=1');
    expect((await t.app.inject('/_')).headers.location).toBe('/');
  });

  it('serves public files but never private ones, nor any that could run as a page', async () => {
    // Thumbnails follow their video's visibility: plugins/thumbnail-guard.test.ts.
    await t.storage.put('avatars/v1.jpg', Buffer.from('jpeg'), 'image/jpeg');
    await t.storage.put('videos/v1.mp4', Buffer.from('mp4'), 'video/mp4');
    await t.storage.put('signatures/v1.png', Buffer.from('png'), 'image/png');
    await t.storage.put('public/v1.svg', Buffer.from('<svg/>'), 'image/svg+xml');
    await t.storage.put('public/v1.html', Buffer.from('<p>'), 'text/html');
    expect((await t.app.inject('/files/avatars/v1.jpg')).statusCode).toBe(200);
    expect((await t.app.inject('/files/public/v1.svg')).statusCode).toBe(404);
    expect((await t.app.inject('/files/public/v1.html')).statusCode).toBe(404);
    expect((await t.app.inject('/files/videos/v1.mp4')).statusCode).toBe(404);
    expect((await t.app.inject('/files/signatures/v1.png')).statusCode).toBe(404);
    expect((await t.app.inject('/files/video_thumbnails/../videos/v1.mp4')).statusCode).toBe(404);
  });
});
