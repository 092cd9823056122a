import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PICTURE_HOST, startPictureHost } from '../../tests/support/picture-host';
import { createTestApp, signUp, type TestApp } from '../../tests/support/test-app';
import { type AvatarImportJob, importAvatar, ownAvatarPrefix } from './avatar-import.job';

/**
 * The provider's picture host is an https server on loopback (tests/support/picture-host): its name is
 * the one thing the test resolver and address rule let through. An internal service is a plain http
 * server on loopback, as the security probe found one.
 */
let t: TestApp;
let host: Awaited<ReturnType<typeof startPictureHost>>;
let internal: http.Server;
let internalUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  host = await startPictureHost();
  internal = http.createServer((_request, response) => response.end('internal secret'));
  await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
  internalUrl = `http://127.0.0.1:${(internal.address() as AddressInfo).port}/internal`;
});
afterAll(async () => {
  internal.close();
  await host.close();
  await t.close();
});

const deps = () => ({
  db: t.db,
  storage: t.storage,
  pictureHosts: (provider: string) => (provider === 'oidc' ? [PICTURE_HOST] : []),
  fetchOverrides: host.fetchOptions,
});
const run = (job: AvatarImportJob) => importAvatar(job, deps());

async function socialUser(email: string, picture: string) {
  const user = await signUp(t, { email });
  await t.db.updateTable('users').set({ image: picture }).where('id', '=', user.id).execute();
  return user.id;
}
const imageOf = async (id: string) =>
  (await t.db.selectFrom('users').select('image').where('id', '=', id).executeTakeFirstOrThrow()).image;

describe('importAvatar', () => {
  it('stores the social picture as a 500x500 JPEG avatar and points the user at it', async () => {
    const id = await socialUser('pic@example.com', `${host.origin}/photo.png`);
    expect(await run({ userId: id, url: `${host.origin}/photo.png`, provider: 'oidc' })).toBe(true);
    expect(await imageOf(id)).toBe(`/files/avatars/${id}.jpg`);
    // The upkeep sweep tells an imported picture from a provider's by this prefix (it once asked the
    // storage for the folder's URL, which it refuses: the sweep failed at every run).
    expect((await imageOf(id))?.startsWith(ownAvatarPrefix(t.storage))).toBe(true);
    expect(ownAvatarPrefix(t.storage)).toBe('/files/avatars/');
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
    const id = await socialUser('nopic@example.com', `${host.origin}/page.html`);
    await expect(run({ userId: id, url: `${host.origin}/page.html`, provider: 'oidc' })).rejects.toThrow();
    expect(await imageOf(id)).toBe(`${host.origin}/page.html`);
    expect(await t.storage.exists(`avatars/${id}.jpg`)).toBe(false);
  });

  it('keeps an avatar the user set meanwhile', async () => {
    const id = await socialUser('own@example.com', `${host.origin}/photo.png`);
    await t.db
      .updateTable('users')
      .set({ image: '/files/avatars/chosen.jpg' })
      .where('id', '=', id)
      .execute();
    expect(await run({ userId: id, url: `${host.origin}/photo.png`, provider: 'oidc' })).toBe(false);
    expect(await imageOf(id)).toBe('/files/avatars/chosen.jpg');
  });

  it('never fetches an internal address, directly or through a redirect, and stores nothing', async () => {
    for (const [n, url] of [
      internalUrl,
      `${host.origin}/redirect?to=${encodeURIComponent(internalUrl)}`,
    ].entries()) {
      const id = await socialUser(`ssrf${n}@example.com`, url);
      await expect(run({ userId: id, url, provider: 'oidc' })).rejects.toThrow(
        /not https|not a public address/,
      );
      expect(await imageOf(id)).toBe(url);
      expect(await t.storage.exists(`avatars/${id}.jpg`)).toBe(false);
    }
  });

  it("fetches only from the picture's own provider's hosts", async () => {
    const url = `${host.origin}/photo.png`;
    const id = await socialUser('wrong-provider@example.com', url);
    await expect(run({ userId: id, url, provider: 'google' })).rejects.toThrow(/not an allowed host/);
    expect(await run({ userId: id, url })).toBe(false); // a job without its provider
    expect(await t.storage.exists(`avatars/${id}.jpg`)).toBe(false);
  });
});
