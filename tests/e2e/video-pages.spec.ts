import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { type RunningApp, startApp } from './app-server';
import { drawSignature, signInContext } from './journey-steps';
import { expect, test } from './test';

/**
 * The video pages: home -> a card -> the video plays -> a keyword opens its search; a new video that is
 * not approved yet is its owner's alone; the upload form offers the file's own time and place, and its
 * address search, with a geocoder that answers like Nominatim and with one that can not be reached.
 */
let app: RunningApp;
let geocoder: http.Server;
let video: string;
const geocoderQueries: string[] = [];

/**
 * A local stand-in for Nominatim's search and reverse APIs; a query with "Nowhere" drops the connection
 * (unreachable).
 */
function startGeocoder(): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const query = url.searchParams.get('q') ?? '';
    geocoderQueries.push(`${url.pathname}?${url.searchParams}`);
    if (query.includes('Nowhere')) {
      request.socket.destroy();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
    const marina = { display_name: 'Limassol Marina, Limassol, Cyprus', lat: '34.6706', lon: '33.0426' };
    if (url.pathname === '/reverse') {
      response.end(JSON.stringify(marina));
      return;
    }
    response.end(
      JSON.stringify(
        query.toLowerCase().includes('limassol')
          ? [
              { ...marina, boundingbox: ['34.668', '34.673', '33.039', '33.046'] },
              { display_name: 'Limassol Castle, Limassol, Cyprus', lat: '34.6725', lon: '33.0418' },
            ]
          : [],
      ),
    );
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

test.beforeAll(async () => {
  geocoder = await startGeocoder();
  const { port } = geocoder.address() as AddressInfo;
  app = await startApp({ env: { GEOCODER_URL: `http://127.0.0.1:${port}` } });
  // One second of H.264, which the browser plays, tagged as an iPhone tags what it films.
  video = path.join(app.dataDir, 'marina-lights.mp4');
  const tags = {
    'com.apple.quicktime.creationdate': '2026-10-02T18:45:00+0300',
    'com.apple.quicktime.location.ISO6709': '+34.6706+033.0426/',
    'com.apple.quicktime.make': 'Apple',
    'com.apple.quicktime.model': 'iPhone 15 Pro',
  };
  await promisify(execFile)(ffmpeg.path, [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=s=320x180:r=25'],
    ...['-t', '1', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-movflags', 'use_metadata_tags'],
    ...Object.entries(tags).flatMap(([key, value]) => ['-metadata', `${key}=${value}`]),
    video,
  ]);
});
// biome-ignore lint/correctness/noEmptyPattern: Playwright wants its fixtures destructured, even when none is used
test.afterEach(({}, info) => {
  if (info.status !== info.expectedStatus) console.log(app.output().slice(-4000));
});
test.afterAll(async () => {
  await app?.stop();
  geocoder?.close();
});

test('home -> a card -> the video plays -> a keyword opens its search results', async ({ page }) => {
  await page.goto(app.url);
  await expect(page.getByRole('heading', { name: 'Latest videos' })).toBeVisible();
  const card = page.getByRole('article').filter({ hasText: 'Fractal bloom over the marina lights' });
  // A visitor sees no review status on a publicly listed video: its duration, and that it can be licensed.
  await expect(card.getByText('0:06')).toBeVisible();
  await expect(card.getByTestId('video-status')).toHaveCount(0);
  await expect(card.getByText('Licensable')).toBeVisible();
  await card.getByRole('link', { name: 'Fractal bloom over the marina lights' }).click();

  await expect(page).toHaveURL(/\/videos\/[0-9a-f-]{36}$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Fractal bloom over the marina lights' }),
  ).toBeVisible();
  await expect(page).toHaveTitle(/^Fractal bloom over the marina lights \| Videos \| /);
  // Paragraphs split on blank lines, the details with the map, no notice for a stranger.
  await expect(page.getByTestId('video-description').locator('p, div').first()).toBeVisible();
  expect(await page.getByTestId('video-description').locator(':scope > *').count()).toBe(3);
  await expect(page.getByText('Sep 14, 2026')).toBeVisible();
  await expect(page.getByText('Limassol Marina, Limassol, Cyprus')).toBeVisible();
  await expect(page.locator('.leaflet-marker-icon')).toBeVisible();
  await expect(page.getByTestId('status-notice')).toHaveCount(0);

  // A visitor plays the watermarked preview, never the original (issue 17).
  const player = page.locator('video');
  await expect(player).toHaveAttribute('src', /\/api\/files\/previews\/.+expires=.+signature=/);
  await expect(player).toHaveAttribute('data-rendition', 'preview');
  await expect(page.getByText('Watermarked preview. The original file comes with a license.')).toBeVisible();
  // Three seconds of playing make a view, which the player reports once (issue 35).
  const viewReported = page.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().endsWith('/views'),
  );
  const started = Date.now();
  await player.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    return element.play();
  });
  await expect
    .poll(() => player.evaluate((element: HTMLVideoElement) => element.currentTime))
    .toBeGreaterThan(0);
  expect((await viewReported).status()).toBe(204);
  expect(Date.now() - started).toBeGreaterThanOrEqual(3000);

  await page.getByTestId('video-keyword').filter({ hasText: '#night' }).click();
  await expect(page).toHaveURL(`${app.url}/videos/search/night`);
});

test('the owner plays the original; a visitor waits with the thumbnail while the preview is prepared', async ({
  page,
  browser,
}) => {
  await signInContext(page.context(), app, 'andreas@example.com');
  await page.goto(`${app.url}/videos`);
  await page.getByRole('link', { name: 'Fractal bloom over the marina lights' }).first().click();
  await expect(page).toHaveURL(/\/videos\/[0-9a-f-]{36}$/);
  const videoId = page.url().split('/').pop()!;
  const player = page.locator('video');
  await expect(player).toHaveAttribute('src', new RegExp(`/api/files/videos/${videoId}\\.mp4\\?expires=`));
  await expect(player).toHaveAttribute('data-rendition', 'original');
  await expect(
    page.getByText('You are watching the original file, shown only to its owner, staff and license holders.'),
  ).toBeVisible();
  await player.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    return element.play();
  });
  await expect
    .poll(() => player.evaluate((element: HTMLVideoElement) => element.currentTime))
    .toBeGreaterThan(0);

  // The preview's file is gone (being made again): a visitor gets the thumbnail and a notice, no file.
  await fs.rm(path.join(app.dataDir, 'files', 'previews', `${videoId}.mp4`));
  const visitor = await browser.newPage();
  try {
    await visitor.goto(`${app.url}/videos/${videoId}`);
    const preparing = visitor.getByTestId('preview-preparing');
    await expect(preparing).toContainText('Preview is being prepared');
    await expect(visitor.locator('video')).toHaveCount(0);
    await expect(visitor.locator('img[src*="/files/video_thumbnails/"]').first()).toBeVisible();
  } finally {
    await visitor.close();
  }
});

test("an owner's new video is 'Not verified' for them and invisible to strangers; the address search fills the point", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signInContext(page.context(), app, 'maria@example.com');
  await page.goto(`${app.url}/videos/upload`);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /Video file/ }).click();
  await (await chooser).setFiles(video);
  await page.getByLabel('Title').fill('Marina lights at dusk');
  await page.getByLabel('Description').fill('Lights coming on.\n\nShot from the breakwater.');
  await page.getByLabel('Keywords').fill('marina, lights');

  // The file's own capture time (in its zone), place and phone, offered; taken, they fill the fields.
  const offer = page.getByTestId('file-capture-offer');
  await expect(offer.getByText(/^Filmed on Oct 2, 2026 at 6:45\sPM \(UTC\+03:00\)$/)).toBeVisible();
  await expect(offer.getByText('At 34.67060, 33.04260')).toBeVisible();
  await expect(offer.getByText('With Apple iPhone 15 Pro')).toBeVisible();
  await offer.getByRole('button', { name: 'Use these in the form' }).click();
  await expect(offer.getByRole('status')).toHaveText(
    'Filled in from the file. Check them before you submit.',
  );
  await expect(page.getByLabel('Shooting date')).toHaveValue('2026-10-02');
  await expect(page.getByLabel('Time (optional)')).toHaveValue('18:45');
  await expect(page.getByText('Pin at 34.67060, 33.04260.')).toBeVisible();
  // The point's address, from the geocoder's reverse search in the UI language.
  const address = page.getByRole('combobox', { name: 'Where was it filmed?' });
  await expect(address).toHaveValue('Limassol Marina, Limassol, Cyprus');
  expect(geocoderQueries).toContain('/reverse?format=jsonv2&lat=34.6706&lon=33.0426&accept-language=en');

  // Suggestions from the geocoder (in the UI language); choosing one puts the pin on it.
  await address.fill('Limassol mar');
  await page.getByRole('option', { name: 'Limassol Marina, Limassol, Cyprus' }).click();
  await expect(address).toHaveValue('Limassol Marina, Limassol, Cyprus');
  await expect(page.getByText('Pin at 34.67060, 33.04260.')).toBeVisible();
  expect(
    geocoderQueries.some((query) => query.includes('q=Limassol+mar') && query.includes('accept-language=en')),
  ).toBe(true);
  // Debounced: typing "Limassol mar" letter by letter would not ask for every letter.
  expect(geocoderQueries.filter((query) => query.startsWith('/search')).length).toBeLessThanOrEqual(2);

  await page.getByLabel('Date of birth').fill('1990-05-01');
  await drawSignature(page);
  await page.getByLabel('I have read the license agreement above and I agree to it').check();
  await page.getByRole('button', { name: 'Submit video' }).click();
  await expect(page.getByRole('heading', { name: 'Completed' })).toBeVisible({ timeout: 60_000 });
  await expect(
    page.getByText('Your video “Marina lights at dusk” is uploaded and waits for review.'),
  ).toBeVisible({
    timeout: 60_000,
  });

  await page.goto(`${app.url}/me/videos`);
  const card = page.getByRole('article').filter({ hasText: 'Marina lights at dusk' });
  await expect(card.getByText('Not verified')).toBeVisible();
  // The owner's status filter narrows the list to that status.
  await page.getByTestId('status-filter').click();
  await page.getByRole('option', { name: 'Not verified' }).click();
  await expect(page).toHaveURL(/status=not_verified/);
  await expect(page.getByRole('article')).toHaveCount(1);
  await card.getByRole('link', { name: 'Marina lights at dusk' }).click();
  await expect(page).toHaveURL(/\/videos\/[0-9a-f-]{36}$/);
  const videoUrl = page.url();
  await expect(page.getByTestId('video-status')).toHaveText('Not verified');
  // Not published yet: the byline says who uploaded it.
  await expect(page.getByText(/^Uploaded by Maria Papadopoulou/)).toBeVisible();
  await expect(page.getByText('Limassol Marina, Limassol, Cyprus')).toBeVisible();
  await expect(page.getByText('Oct 2, 2026')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit' })).toBeVisible();
  // A page under a video is titled with the video's title in the middle (SPEC 2.1).
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveTitle('Edit | Marina lights at dusk | Videos | Clipmarket');

  // A stranger: not in the list, and its page does not exist for them.
  const stranger = await browser.newContext();
  const strangerPage = await stranger.newPage();
  await strangerPage.goto(`${app.url}/videos`);
  await expect(strangerPage.getByRole('article').first()).toBeVisible();
  await expect(strangerPage.getByText('You have seen every video.')).toBeVisible();
  await expect(strangerPage.getByRole('article').filter({ hasText: 'Marina lights at dusk' })).toHaveCount(0);
  await strangerPage.goto(videoUrl);
  await expect(strangerPage.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(strangerPage.getByText('Marina lights at dusk')).toHaveCount(0);
  await stranger.close();
});

test('an unreachable geocoder keeps the typed address and says so', async ({ page }) => {
  await signInContext(page.context(), app, 'andreas@example.com');
  await page.goto(`${app.url}/videos/upload`);
  const address = page.getByRole('combobox', { name: 'Where was it filmed?' });
  await address.fill('Nowhere lane 5');
  await expect(page.getByTestId('geocoder-unavailable')).toBeVisible();
  await expect(address).toHaveValue('Nowhere lane 5');
  await expect(page.getByText('Click the map to place a pin, or choose an address above.')).toBeVisible();
  // Clicking the map still places the pin by hand.
  await page.getByTestId('location-map').click({ position: { x: 150, y: 120 } });
  await expect(page.getByText(/^Pin at -?\d+\.\d{5}, -?\d+\.\d{5}\./)).toBeVisible();
  await expect(address).toHaveValue('Nowhere lane 5');
});
