import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, createVideo } from '../../tests/support/factories';
import { setUpTestApp } from '../../tests/support/set-up-test-app';
import { thumbnailVariantPath } from '../adapters/media/thumbnail-variants';

/** Who sees a video's thumbnail at /files/video_thumbnails/{id}.jpg: whoever may see the video. */
let owner: { id: string; cookie: string };
let stranger: { cookie: string };
let staff: { cookie: string };
const t = setUpTestApp();
beforeAll(async () => {
  owner = await createUser(t);
  stranger = await createUser(t);
  staff = await createUser(t, { rights: ['manage_videos'] });
});

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xd9]);
const WEBP = Buffer.from('RIFF\0\0\0\0WEBP');

/** A video of the owner with its thumbnail stored; returns the thumbnail's address. */
async function withThumbnail(status: string, privacy: string) {
  const id = crypto.randomUUID();
  const thumbnail = `video_thumbnails/${id}.jpg`;
  await createVideo(t.db, owner.id, { id, status, privacy, thumbnail });
  await t.storage.put(thumbnail, JPEG, 'image/jpeg');
  await t.storage.put(thumbnailVariantPath(thumbnail, 320), WEBP, 'image/webp');
  return `/files/${thumbnail}`;
}
/** The address of a thumbnail's 320-pixel WebP size. */
const small = (url: string) => url.replace(/\.jpg$/, '.w320.webp');
const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('GET /files/video_thumbnails/{id}.jpg', () => {
  it('serves a public or unlisted video to everyone, cacheable by anyone', async () => {
    for (const privacy of ['public', 'unlisted']) {
      const url = await withThumbnail('approved', privacy);
      const response = await get(url);
      expect(response.statusCode, privacy).toBe(200);
      expect(response.rawPayload).toEqual(JPEG);
      expect(response.headers['cache-control']).toMatch(/^public, max-age=3600/);
      // Another site's page may show it (an alert e-mail read in a webmail, a partner's page).
      expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
      const webp = await get(small(url));
      expect(webp.statusCode, privacy).toBe(200);
      expect(webp.rawPayload).toEqual(WEBP);
      expect(webp.headers['content-type']).toBe('image/webp');
    }
  });

  it('hides a private or unapproved video from visitors and other members (404)', async () => {
    for (const [status, privacy] of [
      ['approved', 'private'],
      ['not_verified', 'public'],
      ['declined', 'public'],
      ['duplicate', 'unlisted'],
    ] as const) {
      const url = await withThumbnail(status, privacy);
      expect((await get(url)).statusCode, `${status} ${privacy}`).toBe(404);
      expect((await get(url, stranger.cookie)).statusCode, `${status} ${privacy}`).toBe(404);
      expect((await get(small(url), stranger.cookie)).statusCode, `${status} ${privacy}`).toBe(404);
      // Nor by another spelling of the same path.
      const sideways = url.replace('/files/video_thumbnails/', '/files/avatars/../video_thumbnails/');
      expect((await get(sideways)).statusCode).toBe(404);
      expect((await get(url.replace('video_thumbnails', 'video%5Fthumbnails'))).statusCode).toBe(404);
    }
  });

  it('shows a hidden one to its owner and to staff, kept out of shared caches', async () => {
    const url = await withThumbnail('not_verified', 'private');
    for (const cookie of [owner.cookie, staff.cookie]) {
      const response = await get(url, cookie);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('private, no-cache');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect((await get(small(url), cookie)).statusCode).toBe(200);
    }
  });

  it('answers 404 for a file the video does not name, and for anything else in the folder', async () => {
    const orphan = `video_thumbnails/${crypto.randomUUID()}.jpg`;
    await t.storage.put(orphan, JPEG, 'image/jpeg');
    expect((await get(`/files/${orphan}`)).statusCode).toBe(404);
    await t.storage.put(thumbnailVariantPath(orphan, 320), WEBP, 'image/webp');
    expect((await get(small(`/files/${orphan}`))).statusCode).toBe(404);
    await t.storage.put('video_thumbnails/notes.png', JPEG, 'image/png');
    expect((await get('/files/video_thumbnails/notes.png')).statusCode).toBe(404);
  });
});
