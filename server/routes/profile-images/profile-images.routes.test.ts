import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PROFILE_IMAGE_MAX_BYTES } from '../../../common/contracts/profile-images';
import { setUpTestApp } from '../../../tests/support/set-up-test-app';
import { signUp } from '../../../tests/support/test-app';

/** PUT/DELETE /api/me/avatar and /api/me/cover, GET /api/me/profile-images: real pictures made by sharp. */
const t = setUpTestApp();

const call = (
  method: 'GET' | 'PUT' | 'DELETE',
  url: string,
  options: { cookie?: string; body?: Buffer | string; type?: string } = {},
) =>
  t.send(method, url, {
    cookie: options.cookie,
    payload: options.body,
    headers: options.type ? { 'content-type': options.type } : {},
  });
const upload = (kind: 'avatar' | 'cover', cookie: string, body: Buffer | string, type = 'image/png') =>
  call('PUT', `/api/me/${kind}`, { cookie, body, type });

let users = 0;
const newUser = () => signUp(t, { email: `images${++users}@example.com` });
/** A user with a profile row, as the verification's profile step leaves it. */
async function newProfiledUser() {
  const user = await newUser();
  await t.db
    .insertInto('user_profiles')
    .values({ user_id: user.id, name: `pictured${users}` })
    .execute();
  return user;
}

const imageOf = async (userId: string) =>
  (await t.db.selectFrom('users').select('image').where('id', '=', userId).executeTakeFirstOrThrow()).image;
const coverOf = async (userId: string) =>
  (
    await t.db
      .selectFrom('user_profiles')
      .select('cover_image')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow()
  ).cover_image;

async function readStored(path: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of (await t.storage.read(path)) as Readable) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const png = (width: number, height: number, background = '#3a7') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

/** A portrait JPEG whose EXIF says "turn 90° clockwise": red on its top half, blue below. */
async function rotatedJpeg() {
  const [width, height] = [300, 1500];
  const half = (rgb: number[]) => Buffer.alloc((width * height * 3) / 2).fill(Buffer.from(rgb));
  return sharp(Buffer.concat([half([255, 0, 0]), half([0, 0, 255])]), { raw: { width, height, channels: 3 } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

describe('refused callers', () => {
  it.each([
    ['PUT', '/api/me/avatar'],
    ['PUT', '/api/me/cover'],
    ['DELETE', '/api/me/avatar'],
    ['DELETE', '/api/me/cover'],
    ['GET', '/api/me/profile-images'],
  ] as const)('asks a visitor to sign in: %s %s', async (method, url) => {
    const body = method === 'PUT' ? await png(10, 10) : undefined;
    const response = await call(method, url, { body, type: body && 'image/png' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('NOT_AUTHENTICATED');
  });

  it('refuses a stale session cookie too', async () => {
    const response = await upload('avatar', 'better-auth.session_token=made-up', await png(10, 10));
    expect(response.statusCode).toBe(401);
  });

  it("never touches another user's pictures: each call acts on the caller only", async () => {
    const [a, b] = [await newUser(), await newUser()];
    const first = await upload('avatar', a.cookie, await png(40, 40, '#f00'));
    const aImage = await imageOf(a.id);
    const aFile = await readStored(`avatars/${a.id}.jpg`);
    expect(first.statusCode).toBe(200);

    expect((await upload('avatar', b.cookie, await png(40, 40, '#00f'))).statusCode).toBe(200);
    expect((await call('DELETE', '/api/me/avatar', { cookie: b.cookie })).statusCode).toBe(200);
    expect(await imageOf(a.id)).toBe(aImage);
    expect(await readStored(`avatars/${a.id}.jpg`)).toEqual(aFile);
  });
});

describe('the avatar', () => {
  it('stores a PNG as a 500x500 JPEG without metadata and points users.image at it', async () => {
    const user = await newUser();
    const response = await upload('avatar', user.cookie, await png(800, 600));
    expect(response.statusCode).toBe(200);
    const { url } = response.json();
    expect(url).toMatch(new RegExp(`^/files/avatars/${user.id}\\.jpg\\?v=\\d+$`));
    expect(await imageOf(user.id)).toBe(url);

    const stored = await sharp(await readStored(`avatars/${user.id}.jpg`)).metadata();
    expect(stored).toMatchObject({ format: 'jpeg', width: 500, height: 500 });
    expect(stored.exif).toBeUndefined();
    expect((await call('GET', '/api/session', { cookie: user.cookie })).json().user.image).toBe(url);
    expect((await call('GET', '/api/me/profile-images', { cookie: user.cookie })).json()).toEqual({
      avatar: url,
      cover: null,
    });
  });

  it('gives each new picture a new URL, so caches fetch it again', async () => {
    const user = await newUser();
    const first = (await upload('avatar', user.cookie, await png(50, 50))).json().url;
    t.clock.advance(1000);
    const second = (await upload('avatar', user.cookie, await png(60, 60))).json().url;
    expect(second).not.toBe(first);
  });

  it('accepts a body declared as application/octet-stream, judging the bytes', async () => {
    const user = await newUser();
    const webp = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
      .webp()
      .toBuffer();
    expect((await upload('avatar', user.cookie, webp, 'application/octet-stream')).statusCode).toBe(200);
  });

  it('refuses text declared as a PNG with 415 NOT_AN_IMAGE, and keeps the old avatar', async () => {
    const user = await newUser();
    await upload('avatar', user.cookie, await png(30, 30));
    const before = await imageOf(user.id);
    const file = await readStored(`avatars/${user.id}.jpg`);

    const response = await upload('avatar', user.cookie, 'just some words, not a picture');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 'NOT_AN_IMAGE' });
    expect(await imageOf(user.id)).toBe(before);
    expect(await readStored(`avatars/${user.id}.jpg`)).toEqual(file);
  });

  it('refuses a text file with nothing stored and users.image still empty', async () => {
    const user = await newUser();
    const response = await upload('avatar', user.cookie, Buffer.from('%PDF-1.4 not an image'));
    expect(response.statusCode).toBe(415);
    expect(await imageOf(user.id)).toBeNull();
    expect(await t.storage.exists(`avatars/${user.id}.jpg`)).toBe(false);
  });

  it.each([
    [
      'an SVG (a picture, but one that can carry scripts)',
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
      'image/svg+xml',
    ],
    ['a JSON body', '{"image":"x"}', 'application/json'],
    ['a declared type we do not take', 'hello', 'text/plain'],
    ['an empty body', '', 'image/png'],
  ])('refuses %s with 415', async (_name, body, type) => {
    const user = await newUser();
    const response = await upload('avatar', user.cookie, body, type);
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('NOT_AN_IMAGE');
    expect(await t.storage.exists(`avatars/${user.id}.jpg`)).toBe(false);
  });

  it('refuses a body over 10 MB with 413 IMAGE_TOO_LARGE in our error shape, storing nothing', async () => {
    const user = await newUser();
    const response = await upload('avatar', user.cookie, Buffer.alloc(PROFILE_IMAGE_MAX_BYTES + 1));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 'IMAGE_TOO_LARGE', message: expect.any(String) });
    expect(await imageOf(user.id)).toBeNull();
    expect(await t.storage.exists(`avatars/${user.id}.jpg`)).toBe(false);
  });

  it('refuses a picture of more pixels than it will decode (a decompression bomb) with 413', async () => {
    const user = await newUser();
    const huge = await sharp({ create: { width: 8000, height: 7000, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    expect(huge.length).toBeLessThan(PROFILE_IMAGE_MAX_BYTES);
    const response = await upload('avatar', user.cookie, huge);
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('IMAGE_TOO_LARGE');
    expect(await t.storage.exists(`avatars/${user.id}.jpg`)).toBe(false);
  });

  it('removes the file and clears users.image', async () => {
    const user = await newUser();
    await upload('avatar', user.cookie, await png(30, 30));
    const response = await call('DELETE', '/api/me/avatar', { cookie: user.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ url: null });
    expect(await imageOf(user.id)).toBeNull();
    expect(await t.storage.exists(`avatars/${user.id}.jpg`)).toBe(false);
    // Removing again is no error.
    expect((await call('DELETE', '/api/me/avatar', { cookie: user.cookie })).statusCode).toBe(200);
  });
});

describe('the cover', () => {
  it('is refused with 403 NOT_VERIFIED while the user has no profile, and nothing is stored', async () => {
    const user = await newUser();
    const response = await upload('cover', user.cookie, await png(1500, 300));
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('NOT_VERIFIED');
    expect(await t.storage.exists(`covers/${user.id}.jpg`)).toBe(false);
  });

  it('applies the EXIF orientation and stores a 1500x300 JPEG on the profile', async () => {
    const user = await newProfiledUser();
    const response = await upload('cover', user.cookie, await rotatedJpeg(), 'image/jpeg');
    expect(response.statusCode).toBe(200);
    const { url } = response.json();
    expect(url).toMatch(new RegExp(`^/files/covers/${user.id}\\.jpg\\?v=\\d+$`));
    expect(await coverOf(user.id)).toBe(url);

    const stored = sharp(await readStored(`covers/${user.id}.jpg`));
    const metadata = await stored.metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 1500, height: 300 });
    expect(metadata.orientation).toBeUndefined();
    // Turned upright, the portrait's top (red) is on the right and its bottom (blue) on the left.
    const { data } = await stored.raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * 1500 + x) * 3, (y * 1500 + x) * 3 + 3)];
    expect(pixel(100, 150)[2]).toBeGreaterThan(200);
    expect(pixel(1400, 150)[0]).toBeGreaterThan(200);
  });

  it('removes the file and clears the cover', async () => {
    const user = await newProfiledUser();
    await upload('cover', user.cookie, await png(1500, 300));
    expect((await call('DELETE', '/api/me/cover', { cookie: user.cookie })).statusCode).toBe(200);
    expect(await coverOf(user.id)).toBeNull();
    expect(await t.storage.exists(`covers/${user.id}.jpg`)).toBe(false);
    expect((await call('GET', '/api/me/profile-images', { cookie: user.cookie })).json().cover).toBeNull();
  });
});

describe('serving', () => {
  it('serves the stored avatar as a public file', async () => {
    const user = await newUser();
    const { url } = (await upload('avatar', user.cookie, await png(30, 30))).json();
    const response = await call('GET', url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
  });
});
