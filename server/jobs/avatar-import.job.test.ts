import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../tests/support/test-app';
import { importAvatar } from './avatar-import.job';

/** A picture host on loopback: /photo.png is a real 800x600 image, /page.html is not an image. */
let t: TestApp;
let server: http.Server;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#0b7285' } })
    .png()
    .toBuffer();
  server = http.createServer((request, response) => {
    if (request.url === '/photo.png') response.writeHead(200, { 'content-type': 'image/png' }).end(png);
    else response.writeHead(200, { 'content-type': 'text/html' }).end('<html>not an image</html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.close();
  await t.close();
});

async function socialUser(email: string, picture: string) {
  const user = await signUp(t, { email });
  await t.db.updateTable('users').set({ image: picture }).where('id', '=', user.id).execute();
  return user.id;
}
const imageOf = async (id: string) =>
  (await t.db.selectFrom('users').select('image').where('id', '=', id).executeTakeFirstOrThrow()).image;

describe('importAvatar', () => {
  it('stores the social picture as a 500x500 JPEG avatar and points the user at it', async () => {
    const id = await socialUser('pic@example.com', `${base}/photo.png`);
    expect(await importAvatar({ userId: id, url: `${base}/photo.png` }, t)).toBe(true);
    expect(await imageOf(id)).toBe(`/files/avatars/${id}.jpg`);
    const stored = await new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      void t.storage.read(`avatars/${id}.jpg`).then((stream) =>
        stream
          .on('data', (c: Buffer) => chunks.push(c))
          .on('end', () => resolve(Buffer.concat(chunks)))
          .on('error', reject),
      );
    });
    const meta = await sharp(stored).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 500, 500]);
  });

  it('fails on something that is not an image, and leaves the user as they were', async () => {
    const id = await socialUser('nopic@example.com', `${base}/page.html`);
    await expect(importAvatar({ userId: id, url: `${base}/page.html` }, t)).rejects.toThrow();
    expect(await imageOf(id)).toBe(`${base}/page.html`);
    expect(await t.storage.exists(`avatars/${id}.jpg`)).toBe(false);
  });

  it('keeps an avatar the user set meanwhile', async () => {
    const id = await socialUser('own@example.com', `${base}/photo.png`);
    await t.db
      .updateTable('users')
      .set({ image: '/files/avatars/chosen.jpg' })
      .where('id', '=', id)
      .execute();
    expect(await importAvatar({ userId: id, url: `${base}/photo.png` }, t)).toBe(false);
    expect(await imageOf(id)).toBe('/files/avatars/chosen.jpg');
  });
});
