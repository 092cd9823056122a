import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import type { Request } from '@playwright/test';
import { type RunningApp, startApp } from './app-server';
import { drawSignature, signInContext } from './journey-steps';
import { expect, test } from './test';

/** A creator uploads a real video, pauses and resumes it, signs, and hears that it was processed. */
let app: RunningApp;
let video: string;
test.beforeAll(async () => {
  app = await startApp();
  // Two seconds of noise: it does not compress, so the file spans several upload chunks.
  video = path.join(app.dataDir, 'harbour-storm.mp4');
  await promisify(execFile)(ffmpeg.path, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'nullsrc=s=960x540:r=25,geq=random(1)*255:128:128',
    '-t',
    '2',
    '-c:v',
    'mpeg4',
    '-q:v',
    '2',
    '-pix_fmt',
    'yuv420p',
    video,
  ]);
});
// When it fails, the server's log says why (a job's error, say).
// biome-ignore lint/correctness/noEmptyPattern: Playwright wants its fixtures destructured, even when none is used
test.afterEach(({}, info) => {
  if (info.status !== info.expectedStatus) console.log(app.output().slice(-4000));
});
test.afterAll(async () => {
  await app?.stop();
});

test('upload with pause and resume, a drawn signature, Completed, then the processed video', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const size = (await fs.stat(video)).size;
  expect(size).toBeGreaterThan(16 * 1024 * 1024);
  await signInContext(page.context(), app, 'maria@example.com');
  await page.goto(`${app.url}/videos/upload`);

  // Everything missing at once: one message per field and the global one.
  await page.getByRole('button', { name: 'Submit video' }).click();
  await expect(
    page.getByText(
      'Form validation is failed! In order to proceed please check all fields and fill them correctly',
    ),
  ).toBeVisible();
  await expect(page.getByText('Title is required')).toBeVisible();
  await expect(page.getByText('Please sign in the box')).toBeVisible();

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /Video file/ }).click();
  await (await chooser).setFiles(video);
  await page.getByLabel('Title').fill('Storm over the harbour');
  await page.getByLabel('Description').fill('Waves over the harbour wall at night.');
  await page.getByLabel('Keywords').fill('storm, harbour, night');
  await page.getByLabel('Date of birth').fill('1990-05-01');
  await drawSignature(page);
  await page.getByLabel('I have read the license agreement above and I agree to it').check();

  // A slow connection, so the upload can be paused halfway.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 6 * 1024 * 1024,
  });
  // The upload's chunks (tus PATCH requests), and which of them have ended, aborted or not.
  const chunks: Request[] = [];
  const ended = new Set<Request>();
  page.on('request', (request) => {
    if (request.method() === 'PATCH') chunks.push(request);
  });
  page.on('requestfinished', (request) => ended.add(request));
  page.on('requestfailed', (request) => ended.add(request));
  await page.getByRole('button', { name: 'Submit video' }).click();
  await expect(page.getByRole('heading', { name: 'Uploading your video' })).toBeVisible();
  await expect(page.getByText(/Keep this tab open/)).toBeVisible();
  // Pause once bytes are on their way (on a busy machine the click could come before the first chunk).
  const progress = page.getByText(/Storm over the harbour \(\d+%\)/).first();
  const percent = async () => Number(/\((\d+)%\)/.exec((await progress.textContent()) ?? '')?.[1] ?? 0);
  await expect.poll(percent, { intervals: [50] }).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect(page.getByText('Paused', { exact: true }).first()).toBeVisible();
  // Paused means the chunk in flight was stopped: wait until no chunk is open, then read where it stands.
  await expect.poll(() => chunks.length > 0 && chunks.every((chunk) => ended.has(chunk))).toBe(true);
  const chunksBeforePause = chunks.length;
  const pausedAt = await progress.textContent();
  const uploadUrl = chunks[0]!.url();
  const offset = async () =>
    (await page.request.head(uploadUrl, { headers: { 'tus-resumable': '1.0.0' } })).headers()[
      'upload-offset'
    ];
  const offsetWhilePaused = await offset();
  expect(Number(offsetWhilePaused)).toBeGreaterThan(0);
  expect(Number(offsetWhilePaused)).toBeLessThan(size);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  // Nothing moved while paused: the same progress, no chunk sent, and the server still at the same offset,
  // which is where the resumed upload goes on from.
  await expect(progress).toHaveText(pausedAt!);
  expect(chunks).toHaveLength(chunksBeforePause);
  expect(await offset()).toBe(offsetWhilePaused);
  const resumedChunk = page.waitForRequest((request) => request.method() === 'PATCH');
  await page.getByRole('button', { name: 'Resume', exact: true }).click();
  expect((await resumedChunk).headers()['upload-offset']).toBe(offsetWhilePaused);
  await expect(page.getByRole('heading', { name: 'Completed' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('button', { name: 'Upload another video' })).toBeVisible();

  // Processing runs as a job; the owner hears about it live.
  await expect(
    page.getByText('Your video “Storm over the harbour” is uploaded and waits for review.'),
  ).toBeVisible({
    timeout: 60_000,
  });
  await page.goto(`${app.url}/me/videos`);
  const card = page.getByRole('article').filter({ hasText: 'Storm over the harbour' });
  await expect(card.getByText('0:02')).toBeVisible();
  await expect(card.getByText('Not verified')).toBeVisible();
  await expect(card.locator('img')).toHaveAttribute('src', /video_thumbnails\/.+\.jpg/);
});
