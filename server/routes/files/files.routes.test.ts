import { beforeAll, describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../../tests/support/set-up-test-app';
import { TEST_SECRET } from '../../../tests/support/test-app';
import { signedFileUrls } from '../../adapters/storage/signed-file-url';
import { MAX_SIGNED_URL_SECONDS } from '../../adapters/storage/storage';

const VIDEO = Buffer.from(Array.from({ length: 100 }, (_, i) => i));

const t = setUpTestApp();
beforeAll(async () => {
  await t.storage.put('videos/v1.mp4', VIDEO, 'video/mp4');
});

/** A signed URL from the storage, as the path and query the app is asked for. */
async function signed(path: string, options: { expiresInSeconds?: number; downloadName?: string } = {}) {
  const url = new URL(await t.storage.signedUrl(path, { expiresInSeconds: 600, ...options }));
  return url.pathname + url.search;
}

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('GET /api/files/* (signed URLs)', () => {
  it('streams the whole file with its type, size, ranges on offer and a private cache until expiry', async () => {
    const response = await get(await signed('videos/v1.mp4'));
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload).toEqual(VIDEO);
    expect(response.headers['content-type']).toBe('video/mp4');
    expect(response.headers['content-length']).toBe('100');
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers['cache-control']).toMatch(/^private, max-age=(599|600)$/);
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.headers['content-disposition']).toBeUndefined();
  });

  it('answers single ranges with 206: a-b, a-, -n, and an end past the file', async () => {
    const url = await signed('videos/v1.mp4');
    for (const [range, start, end] of [
      ['bytes=10-19', 10, 19],
      ['bytes=0-0', 0, 0],
      ['bytes=90-', 90, 99],
      ['bytes=-5', 95, 99],
      ['bytes=95-1000', 95, 99],
    ] as const) {
      const response = await get(url, { range });
      expect(response.statusCode, range).toBe(206);
      expect(response.headers['content-range'], range).toBe(`bytes ${start}-${end}/100`);
      expect(response.headers['content-length'], range).toBe(String(end - start + 1));
      expect(response.rawPayload, range).toEqual(VIDEO.subarray(start, end + 1));
    }
  });

  it('answers 416 with the size for a range past the end', async () => {
    const response = await get(await signed('videos/v1.mp4'), { range: 'bytes=100-' });
    expect(response.statusCode).toBe(416);
    expect(response.headers['content-range']).toBe('bytes */100');
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('sends the whole file for several ranges or a range it does not understand', async () => {
    const url = await signed('videos/v1.mp4');
    for (const range of ['bytes=0-1,5-6', 'items=0-1', 'bytes=9-3']) {
      const response = await get(url, { range });
      expect(response.statusCode, range).toBe(200);
      expect(response.rawPayload, range).toEqual(VIDEO);
    }
  });

  it('offers the file as a download under the signed name', async () => {
    const response = await get(await signed('videos/v1.mp4', { downloadName: 'Sunset "Limassol" Ψ.mp4' }));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Sunset _Limassol_ _.mp4"; filename*=UTF-8''Sunset%20%22Limassol%22%20%CE%A8.mp4`,
    );
  });

  it('answers HEAD with the headers only', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: await signed('videos/v1.mp4') });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe('100');
    expect(response.rawPayload.length).toBe(0);
  });

  it('refuses, in the usual error shape, a URL without signature or expiry', async () => {
    for (const url of ['/api/files/videos/v1.mp4', '/api/files/videos/v1.mp4?expires=9999999999']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toEqual({ code: 'NOT_AUTHORIZED', message: expect.any(String) });
    }
  });

  it('refuses a URL whose path, expiry, name or signature was changed', async () => {
    const url = await signed('videos/v1.mp4', { downloadName: 'a.mp4' });
    const changed = [
      url.replace('videos/v1.mp4', 'videos/v2.mp4'),
      url.replace(/expires=(\d+)/, (_, expires) => `expires=${Number(expires) + 3600}`),
      url.replace('name=a.mp4', 'name=b.mp4'),
      url.replace(/&name=a.mp4/, ''),
      url.replace(/signature=./, (match) => `${match.slice(0, -1)}${match.endsWith('A') ? 'B' : 'A'}`),
    ];
    for (const wrong of changed) expect((await get(wrong)).statusCode, wrong).toBe(403);
    // A NUL character is refused before any route looks at the request (plugins/input-characters.ts).
    const nul = await get(url.replace(/signature=[^&]+/, 'signature=%00%00'));
    expect([nul.statusCode, nul.json().code]).toEqual([400, 'INVALID_CHARACTERS']);
  });

  it('refuses a URL once it has expired, by the app clock', async () => {
    const url = await signed('videos/v1.mp4', { expiresInSeconds: 60 });
    expect((await get(url)).statusCode).toBe(200);
    t.clock.advance(61_000);
    try {
      const response = await get(url);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'NOT_AUTHORIZED' });
    } finally {
      t.clock.advance(-61_000);
    }
  });

  it('refuses a well-signed expiry that is not plain seconds within the longest lifetime', async () => {
    const signer = signedFileUrls(TEST_SECRET);
    const now = Math.floor(t.clock.now().getTime() / 1000);
    for (const expiresAt of [Number.POSITIVE_INFINITY, 1e20, now + MAX_SIGNED_URL_SECONDS + 60, now + 0.5]) {
      const response = await get(signer.sign('videos/v1.mp4', expiresAt));
      expect(response.statusCode, String(expiresAt)).toBe(403);
    }
    expect((await get(signer.sign('videos/v1.mp4', now + MAX_SIGNED_URL_SECONDS))).statusCode).toBe(200);
  });

  it('answers 404 for a signed file that is not there (any more)', async () => {
    const response = await get(await signed('videos/gone.mp4'));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses paths that try to leave the storage directory', async () => {
    for (const url of [
      '/api/files/..%2F..%2Fetc%2Fpasswd?expires=9999999999&signature=AAAA',
      '/api/files/videos/%2E%2E/%2E%2E/secret?expires=9999999999&signature=AAAA',
    ]) {
      // Refused either way: by the signature check, or by routing once `..` is resolved.
      expect([403, 404], url).toContain((await get(url)).statusCode);
    }
  });

  it('is described in the OpenAPI document', async () => {
    const response = await get('/api/docs/json');
    expect(response.statusCode).toBe(200);
    const files = response.json().paths['/api/files/{*}'];
    expect(Object.keys(files.get.responses['206'].content)).toEqual(['*/*']);
  });
});
