import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { pngDataUrl } from '../support/images';
import { submissionValues } from '../support/valid-bodies';
import { type RunningApp, startApp } from './app-server';
import { demoPassword } from './journey-steps';
import { expect, test } from './test';

/**
 * `kill -9` of the server around a resumable upload: the server restarts on the same data directory
 * and nothing the creator sent is lost, neither the bytes of an unfinished upload nor the processing of
 * a finished one.
 */
let app: RunningApp;
test.afterAll(async () => {
  await app?.stop();
});

/** Maria, a verified creator of the demo data: her session cookie on `app`. */
async function signInAsMaria(): Promise<string> {
  const password = await demoPassword(app);
  const signIn = await fetch(`${app.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: app.url, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'maria@example.com', password }),
  });
  expect(signIn.status).toBe(200);
  return signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** A submitted video waiting for its file, and a tus upload of `length` bytes for it. */
async function videoWithUpload(cookie: string, length: number) {
  const created = await fetch(`${app.url}/api/videos`, {
    method: 'POST',
    headers: { origin: app.url, 'content-type': 'application/json', cookie },
    body: JSON.stringify(submissionValues(await pngDataUrl())),
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const { id: videoId } = (await created.json()) as { id: string };
  const metadata = [
    `videoId ${Buffer.from(videoId).toString('base64')}`,
    `filename ${Buffer.from('clip.mp4').toString('base64')}`,
    `filetype ${Buffer.from('video/mp4').toString('base64')}`,
  ].join(',');
  const creation = await fetch(`${app.url}/api/uploads`, {
    method: 'POST',
    headers: { ...tus(cookie), 'upload-length': String(length), 'upload-metadata': metadata },
  });
  expect(creation.status).toBe(201);
  // A restarted server listens on another port: the upload is its path.
  return { videoId, uploadPath: new URL(creation.headers.get('location')!, app.url).pathname };
}

/** From the running server's own origin (the restarted one has another port). */
const tus = (cookie: string) => ({ 'tus-resumable': '1.0.0', origin: app.url, cookie });

const patch = (cookie: string, uploadPath: string, offset: number, bytes: Buffer) =>
  fetch(`${app.url}${uploadPath}`, {
    method: 'PATCH',
    headers: {
      ...tus(cookie),
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    body: new Uint8Array(bytes),
  });

/** Starts the app again on the same data directory, as a process manager restarts it 11 s later. */
async function restart() {
  // The killed process's lock on the embedded database expires 10 s after its last refresh
  // (db/data-dir-lock.ts): the lock file is dated 11 s back instead of waiting them out.
  const lockFile = path.join(app.dataDir, 'db.lock');
  const elevenSecondsAgo = new Date(Date.now() - 11_000);
  await fs.utimes(lockFile, elevenSecondsAgo, elevenSecondsAgo);
  app = await startApp({ dataDir: app.dataDir });
}

const sha = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

test('an upload interrupted by kill -9 resumes after a restart, and the stored file is the source', async () => {
  test.setTimeout(240_000);
  app = await startApp({ database: 'embedded' });
  let cookie = await signInAsMaria();
  const source = crypto.randomBytes(3 * 1024 * 1024 + 17);
  const half = Math.floor(source.length / 2);
  const { videoId, uploadPath } = await videoWithUpload(cookie, source.length);
  expect((await patch(cookie, uploadPath, 0, source.subarray(0, half))).status).toBe(204);

  await app.kill();
  await restart();
  cookie = await signInAsMaria();

  const head = await fetch(`${app.url}${uploadPath}`, { method: 'HEAD', headers: tus(cookie) });
  expect(head.status).toBe(200);
  const offset = Number(head.headers.get('upload-offset'));
  expect(offset).toBeGreaterThan(0);
  expect(offset).toBeLessThanOrEqual(half);
  expect((await patch(cookie, uploadPath, offset, source.subarray(offset))).status).toBe(204);

  const stored = await fs.readFile(path.join(app.dataDir, 'files', 'videos', `${videoId}.mp4`));
  expect(sha(stored)).toBe(sha(source));
});

test('a process killed between the commit of a finished upload and its processing job still processes it after a restart', async () => {
  test.setTimeout(240_000);
  await app?.stop();
  // The failpoint kills the server right after the transaction that gives the video its file and queues
  // its processing commits: before the file is moved into storage, before any job runs.
  app = await startApp({ database: 'embedded', env: { FAILPOINTS: 'upload-claimed' } });
  const cookie = await signInAsMaria();
  const file = path.join(app.dataDir, 'crash-clip.mp4');
  await promisify(execFile)(ffmpeg.path, [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=s=320x240:r=25'],
    ...['-t', '1', '-c:v', 'mpeg4', '-pix_fmt', 'yuv420p', file],
  ]);
  const source = await fs.readFile(file);
  const { videoId, uploadPath } = await videoWithUpload(cookie, source.length);
  // The last byte's request never gets its answer: the process is gone.
  await expect(patch(cookie, uploadPath, 0, source)).rejects.toThrow();
  expect(await app.kill()).toBeNull();

  await restart();
  const owner = await signInAsMaria();
  // The job committed with the claim runs on the restarted server: it moves the file the dead one left
  // in the upload store, then processes it.
  await expect
    .poll(
      async () => {
        const page = await fetch(`${app.url}/api/videos/${videoId}`, { headers: { cookie: owner } });
        return ((await page.json()) as { status: string }).status;
      },
      { timeout: 60_000 },
    )
    .toBe('not_verified');
  const stored = await fs.readFile(path.join(app.dataDir, 'files', 'videos', `${videoId}.mp4`));
  expect(sha(stored)).toBe(sha(source));
});
