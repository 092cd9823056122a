import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
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

  it("sends the build's brotli copy to a browser that accepts it, and the file itself to one that does not", async () => {
    const asset = path.join(web.dir, 'assets', 'index-abc123.js');
    await fs.writeFile(`${asset}.br`, zlib.brotliCompressSync(await fs.readFile(asset)));
    const compressed = await t.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(compressed.rawPayload).toString()).toBe('console.log(1)');
    const plain = await t.app.inject('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('keeps source maps on the server', async () => {
    await fs.writeFile(path.join(web.dir, 'assets', 'index-abc123.js.map'), '{"sources":["secret.ts"]}');
    expect((await t.app.inject('/assets/index-abc123.js.map')).statusCode).toBe(404);
  });

  it('compresses a large API answer for a client that accepts it, and leaves a small one as it is', async () => {
    const document = await t.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(document.headers['content-encoding']).toBe('gzip');
    const paths = JSON.parse(zlib.gunzipSync(document.rawPayload).toString()).paths;
    expect(Object.keys(paths)).toContain('/api/videos');
    const health = await t.app.inject({ url: '/healthz', headers: { 'accept-encoding': 'gzip' } });
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it('answers a missing asset with 404, not the app page', async () => {
    expect((await t.app.inject('/assets/missing.js')).statusCode).toBe(404);
  });

  it('serves a file added after start, and nothing outside the build', async () => {
    await fs.writeFile(path.join(web.dir, 'assets', 'late-abc123.js'), 'export const late = 1;');
    const late = await t.app.inject('/assets/late-abc123.js');
    expect(late.statusCode).toBe(200);
    expect(late.body).toBe('export const late = 1;');
    // A file beside the build's folder, named after it so that no other test's file is touched.
    const outside = `${path.basename(web.dir)}-outside.txt`;
    await fs.writeFile(path.join(web.dir, '..', outside), 'not for the web');
    try {
      for (const url of [`/../${outside}`, `/assets/..%2f..%2f${outside}`, `/%2e%2e/${outside}`]) {
        expect((await t.app.inject(url)).body).not.toContain('not for the web');
      }
    } finally {
      await fs.rm(path.join(web.dir, '..', outside));
    }
  });

  it('strips underscore segments and redirects (SPEC 2.1)', async () => {
    const response = await t.app.inject('/_/videos/_/search?x=1');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/videos/search?x=1');
    expect((await t.app.inject('/_')).headers.location).toBe('/');
  });

  it("sends the header's search, sent as a plain form, on to its results; without words, the search page", async () => {
    const typed = await t.app.inject('/videos/search?keywords=sea%2C%20sunset');
    expect(typed.statusCode).toBe(302);
    expect(typed.headers.location).toBe('/videos/search/sea,sunset');
    const empty = await t.app.inject('/videos/search?keywords=%20');
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain('<div id="root">');
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
