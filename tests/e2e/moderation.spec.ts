import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import type { Page } from '@playwright/test';
import { type RunningApp, startApp } from './app-server';
import { drawSignature, signedInPage } from './journey-steps';
import { latestMail } from './outbox';
import { expect, test } from './test';

/**
 * A buyer saves a search as a standing request; a creator uploads a clip it finds; staff approve it from the
 * review queue while the creator's video page and the buyer's requests are open, and both hear of it live
 * (the buyer by e-mail too); the buyer suggests an edit, staff apply it, and the video shows the byline.
 */
let app: RunningApp;
let video: string;
test.beforeAll(async () => {
  app = await startApp();
  video = path.join(app.dataDir, 'kiosk.mp4');
  await promisify(execFile)(ffmpeg.path, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=s=640x360:r=25',
    '-t',
    '2',
    '-c:v',
    'mpeg4',
    '-pix_fmt',
    'yuv420p',
    video,
  ]);
});
// biome-ignore lint/correctness/noEmptyPattern: Playwright wants its fixtures destructured, even when none is used
test.afterEach(({}, info) => {
  if (info.status !== info.expectedStatus) console.log(app.output().slice(-4000));
});
test.afterAll(async () => {
  await app?.stop();
});

async function upload(page: Page, title: string) {
  await page.goto(`${app.url}/videos/upload`);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /Video file/ }).click();
  await (await chooser).setFiles(video);
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('The old kiosk on the corner, at closing time.');
  await page.getByLabel('Keywords').fill('kiosk, street');
  await page.getByLabel('Date of birth').fill('1990-05-01');
  await drawSignature(page);
  await page.getByLabel('I have read the license agreement above and I agree to it').check();
  await page.getByRole('button', { name: 'Submit video' }).click();
  await expect(page.getByRole('heading', { name: 'Completed' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(`Your video “${title}” is uploaded and waits for review.`)).toBeVisible({
    timeout: 60_000,
  });
}

test("approve from the queue: the creator's page and a buyer's standing request hear it live; a suggested edit applied shows the byline", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const title = 'Kiosk at closing time';
  // A buyer asks to be told of kiosk footage: none is there yet.
  const helper = await signedInPage(browser, app, 'andreas@example.com', '/videos/search/kiosk');
  await expect(helper.getByText('No videos found')).toBeVisible();
  await helper.getByRole('button', { name: 'Alert me to new footage' }).click();
  const dialog = helper.getByRole('dialog', { name: 'Alert me to new footage' });
  await expect(dialog.getByLabel('Name')).toHaveValue('kiosk');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await helper.getByRole('link', { name: 'Alert saved: see your standing requests' }).click();
  const request = helper.getByRole('article', { name: 'kiosk' });
  await expect(request.getByText('No video has matched yet.')).toBeVisible();

  const creator = await signedInPage(browser, app, 'maria@example.com');
  await upload(creator, title);

  // The creator keeps the video's page open: no notice while it waits for review.
  await creator.goto(`${app.url}/me/videos`);
  await creator.getByRole('article').filter({ hasText: title }).getByRole('link', { name: title }).click();
  await expect(creator.getByRole('heading', { name: title })).toBeVisible();
  const videoUrl = creator.url();
  await expect(creator.getByText('Video is approved')).toHaveCount(0);

  // Staff find it in the queue, with the owner's details and the signature, and approve it.
  const staff = await signedInPage(browser, app, 'eleni@example.com');
  await staff.goto(`${app.url}/video_edits`);
  const card = staff.getByRole('article', { name: title });
  await expect(card.getByText('Owner of the rights')).toBeVisible();
  await expect(card.getByRole('img', { name: /Signature of/ })).toBeVisible();
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(staff.getByText(`“${title}” is approved.`)).toBeVisible();
  await expect(staff.getByRole('article', { name: title })).toHaveCount(0);

  // Without a reload, the creator's page hears it and shows the approved notice.
  // With publishing off, approving makes the video ready at once.
  await expect(creator.getByText(`Your video “${title}” is ready for licensing.`)).toBeVisible({
    timeout: 30_000,
  });
  // The notice sits under the title on phones and beside the player on wide screens: one of them shows.
  await expect(creator.getByText('Video is approved').filter({ visible: true })).toBeVisible();

  // The buyer's open page hears it within a minute, and an e-mail in their language (Greek) follows.
  await expect(helper.getByText(`New footage for “kiosk”: ${title}`)).toBeVisible({ timeout: 60_000 });
  await expect(request.getByText(/^1 video matched/)).toBeVisible();
  const alert = await latestMail(app.dataDir, 'andreas@example.com');
  expect(alert.subject).toBe('Νέο υλικό για «kiosk»');
  expect(alert.text).toContain(title);
  await request.getByRole('button', { name: 'Show the videos' }).click();
  await expect(request.getByRole('link', { name: title })).toBeVisible();

  // The buyer, a verified member, suggests a better title.
  await helper.goto(videoUrl);
  await helper.getByRole('link', { name: /Suggest an edit/ }).click();
  await expect(helper.getByRole('heading', { name: 'Suggest an edit' })).toBeVisible();
  await helper.getByLabel('Title').fill(`${title}, Nicosia`);
  await helper.getByRole('button', { name: 'Send suggestion' }).click();
  await expect(helper.getByText('Thank you! Our team will review your suggestion.')).toBeVisible();
  // Their own suggestions screen lists it as waiting, and follows the decision live.
  await helper.getByRole('button', { name: 'Account menu' }).click();
  await helper.getByRole('menuitem', { name: 'My edit suggestions' }).click();
  const mine = helper.getByRole('article', { name: title });
  await expect(mine.getByText('Waiting for review')).toBeVisible();
  await expect(mine.getByText(`${title}, Nicosia`)).toBeVisible();

  // Staff see it side by side and apply it.
  await staff.goto(`${app.url}/video_edits?tab=suggestions`);
  const suggestion = staff.getByRole('article', { name: title });
  await expect(suggestion.getByText(`${title}, Nicosia`)).toBeVisible();
  await suggestion.getByRole('button', { name: 'Apply' }).click();
  await expect(staff.getByText(`The edit was applied to “${title}, Nicosia”.`)).toBeVisible();

  // The suggester hears it; their list shows the outcome; the video shows the new title and who edited it.
  await expect(helper.getByText(`Your edit of “${title}, Nicosia” was applied. Thank you!`)).toBeVisible({
    timeout: 30_000,
  });
  await expect(
    helper.getByRole('article', { name: `${title}, Nicosia` }).getByText('Applied', { exact: true }),
  ).toBeVisible();
  await helper.goto(videoUrl);
  await expect(helper.getByRole('heading', { name: `${title}, Nicosia` })).toBeVisible();
  await expect(helper.getByText('Edited by')).toBeVisible();
  await expect(helper.getByRole('link', { name: 'Andreas Christou' }).first()).toBeVisible();
});

test('a possible copy: staff compare it with the earlier video side by side and decline it as a duplicate', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // The demo's festival clip is its uploader's own studio test pattern, found by its frames at seeding.
  const title = 'Street festival on Ledra Street';
  const staff = await signedInPage(browser, app, 'eleni@example.com', '/video_edits');
  const card = staff.getByRole('article', { name: title });
  const flag = card.getByRole('alert', { name: 'Possible copy of an earlier video' });
  await expect(flag.getByRole('link', { name: 'Studio test pattern with moving timecode' })).toBeVisible();
  await expect(flag).toContainText('The earlier video is the uploader’s own');
  await expect(flag).toContainText(/0:00–0:0[56] of this video matches 0:00–0:0[56] of the earlier one/);
  const players = [
    flag.getByLabel('This video', { exact: true }),
    flag.getByLabel('Earlier video', { exact: true }),
  ];
  for (const width of [375, 1300]) {
    // Loaded at that width, as a phone would: a page narrowed in place keeps the wide layout's offsets.
    await staff.setViewportSize({ width, height: 900 });
    await staff.reload();
    await flag.getByRole('button', { name: 'Compare side by side' }).click();
    for (const player of players) {
      // Each plays its own file, opened at the matching moment.
      await expect
        .poll(() => player.evaluate((video: HTMLVideoElement) => video.readyState), { timeout: 20_000 })
        .toBeGreaterThan(0);
    }
    await flag.scrollIntoViewIfNeeded();
    await staff.screenshot({ path: test.info().outputPath(`possible-copy-${width}.png`) });
  }
  await flag.getByRole('button', { name: 'Decline as duplicate' }).click();
  await expect(staff.getByText(`“${title}” was declined as a duplicate.`)).toBeVisible();
  await expect(card.getByText('Staff declined it as a duplicate.')).toBeVisible();
  await expect(card.getByText('Duplicate', { exact: true }).first()).toBeVisible();

  // Its owner reads SPEC 4.1's Duplicate notice on the video's page.
  const owner = await signedInPage(browser, app, 'nikos@example.com', '/me/videos');
  await owner.getByRole('article').filter({ hasText: title }).getByRole('link', { name: title }).click();
  await expect(owner.getByText('Video is not unique').filter({ visible: true })).toBeVisible();
});
