import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pngDataUrl } from '../support/images';
import { submissionValues } from '../support/valid-bodies';
import { type RunningApp, startApp } from './app-server';
import { expect, test } from './test';

/**
 * `kill -9` of the server in the middle of a resumable upload: the server restarts on the same data
 * directory, the client asks where the upload stands (HEAD), sends the rest, and the stored file is the
 * source byte for byte.
 */
let app: RunningApp;
test.afterAll(async () => {
  await app?.stop();
});

test('an upload interrupted by kill -9 resumes after a restart, and the stored file is the source', async () => {
  test.setTimeout(240_000);
  app = await startApp();
  const login = await fs.readFile(path.join(app.dataDir, 'demo-login.txt'), 'utf8');
  const password = /\/ (\S+)/.exec(login)![1]!;
  const headers = { origin: app.url, 'content-type': 'application/json' };
  // Maria, a verified creator of the demo data.
  const signIn = await fetch(`${app.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: 'maria@example.com', password }),
  });
  expect(signIn.status).toBe(200);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const created = await fetch(`${app.url}/api/videos`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify(submissionValues(await pngDataUrl())),
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const { id: videoId } = (await created.json()) as { id: string };

  const source = crypto.randomBytes(3 * 1024 * 1024 + 17);
  const half = Math.floor(source.length / 2);
  // From the running server's own origin (the restarted one has another port).
  const tus = () => ({ 'tus-resumable': '1.0.0', origin: app.url, cookie });
  const metadata = [
    `videoId ${Buffer.from(videoId).toString('base64')}`,
    `filename ${Buffer.from('clip.mp4').toString('base64')}`,
    `filetype ${Buffer.from('video/mp4').toString('base64')}`,
  ].join(',');
  const creation = await fetch(`${app.url}/api/uploads`, {
    method: 'POST',
    headers: { ...tus(), 'upload-length': String(source.length), 'upload-metadata': metadata },
  });
  expect(creation.status).toBe(201);
  // The restarted server listens on another port: the upload is its path.
  const uploadPath = new URL(creation.headers.get('location')!, app.url).pathname;
  const patch = (offset: number, bytes: Buffer) =>
    fetch(`${app.url}${uploadPath}`, {
      method: 'PATCH',
      headers: {
        ...tus(),
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(bytes),
    });
  expect((await patch(0, source.subarray(0, half))).status).toBe(204);

  await app.kill();
  // The killed process's lock on the embedded database expires 10 s after its last refresh
  // (db/data-dir-lock.ts): the lock file is dated 11 s back, as it is when a process manager restarts the
  // app 11 s later, instead of waiting them out.
  const lockFile = path.join(app.dataDir, 'db.lock');
  const elevenSecondsAgo = new Date(Date.now() - 11_000);
  await fs.utimes(lockFile, elevenSecondsAgo, elevenSecondsAgo);
  app = await startApp({ dataDir: app.dataDir });

  const head = await fetch(`${app.url}${uploadPath}`, { method: 'HEAD', headers: tus() });
  expect(head.status).toBe(200);
  const offset = Number(head.headers.get('upload-offset'));
  expect(offset).toBeGreaterThan(0);
  expect(offset).toBeLessThanOrEqual(half);
  expect((await patch(offset, source.subarray(offset))).status).toBe(204);

  const stored = await fs.readFile(path.join(app.dataDir, 'files', 'videos', `${videoId}.mp4`));
  const sha = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');
  expect(sha(stored)).toBe(sha(source));
});
