import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import type { Page } from '@playwright/test';
import { DEMO_ADMIN_EMAIL } from '../../server/seed/demo-data';
import { type RunningApp, startApp } from './app-server';
import { appTookOver, drawSignature, signedInPage } from './journey-steps';
import { latestMail } from './outbox';
import { expect, test } from './test';

/**
 * A buyer saves a search as a standing request; a creator uploads a clip it finds; staff approve it from the
 * review queue while the creator's video page and the buyer's requests are open, and both hear of it live
 * (the buyer by e-mail too); the buyer gathers it and another clip into a collection, shares it, licenses
 * both in one request, pays once and downloads both originals; a member suggests an edit, staff apply
 * it, and the video shows the byline.
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

test("approve from the queue: the creator's page and a buyer's standing request hear it live; the buyer licenses it with another clip of a collection, paid once; a suggested edit applied shows the byline", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const title = 'Kiosk at closing time';
  // A buyer asks to be told of kiosk footage: none is there yet.
  const buyer = await signedInPage(browser, app, 'eleni@example.com', '/videos/search/kiosk');
  await expect(buyer.getByText('No videos found')).toBeVisible();
  await buyer.getByRole('button', { name: 'Alert me to new footage' }).click();
  const dialog = buyer.getByRole('dialog', { name: 'Alert me to new footage' });
  await expect(dialog.getByLabel('Name')).toHaveValue('kiosk');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await buyer.getByRole('link', { name: 'Alert saved: see your standing requests' }).click();
  const request = buyer.getByRole('article', { name: 'kiosk' });
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
  const staff = await signedInPage(browser, app, DEMO_ADMIN_EMAIL);
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
  await expect(buyer.getByText(`New footage for “kiosk”: ${title}`)).toBeVisible({ timeout: 60_000 });
  await expect(request.getByText(/^1 video matched/)).toBeVisible();
  const alert = await latestMail(app.dataDir, 'eleni@example.com');
  expect(alert.subject).toBe('Νέο υλικό για «kiosk»');
  expect(alert.text).toContain(title);
  await request.getByRole('button', { name: 'Show the videos' }).click();
  await expect(request.getByRole('link', { name: title })).toBeVisible();

  // The buyer keeps it in a new collection with a clip found earlier, and shares the collection.
  await request.getByRole('link', { name: title }).click();
  await buyer.getByRole('button', { name: 'Save to collection' }).click();
  const saveMenu = buyer.getByRole('dialog', { name: 'Save to collection' });
  await saveMenu.getByLabel('New collection').fill('Street life');
  await saveMenu.getByRole('button', { name: 'Add' }).click();
  await expect(saveMenu.getByRole('checkbox', { name: 'Street life' })).toBeChecked();
  await buyer.keyboard.press('Escape');
  await buyer.goto(`${app.url}/videos/search/science,abstract`);
  await appTookOver(buyer);
  const other = 'Save “Game of Life in real time” to a collection';
  await buyer.getByRole('button', { name: other }).click();
  const cardMenu = buyer.getByRole('dialog', { name: other });
  await cardMenu.getByRole('checkbox', { name: 'Street life' }).click();
  await expect(cardMenu.getByRole('checkbox', { name: 'Street life' })).toBeChecked();
  await cardMenu.getByRole('link', { name: 'All my collections' }).click();
  await buyer.getByRole('link', { name: /Street life/ }).click();
  await buyer.getByRole('button', { name: 'Make a link' }).click();
  const link = await buyer.getByRole('textbox', { name: 'Link to this collection' }).inputValue();
  const colleague = await browser.newPage();
  await colleague.goto(link);
  await expect(colleague.getByRole('heading', { name: 'Street life' })).toBeVisible();
  await expect(colleague.getByRole('article')).toHaveCount(2);
  await colleague.close();

  // One license request for both clips: one type, usage and address; one checkout pays both prices.
  await buyer.getByRole('link', { name: 'License these 2 clips' }).click();
  for (const clip of [title, 'Game of Life in real time']) {
    await expect(buyer.getByRole('checkbox', { name: clip })).toBeChecked();
  }
  await buyer.getByRole('radio', { name: /Editorial: web and social/ }).check();
  await buyer.getByRole('button', { name: 'Next' }).click();
  await buyer
    .getByLabel('Where and how will you use the video?')
    .fill('A feature on the city’s last kiosks, on our website and its social media accounts.');
  await buyer.getByRole('button', { name: 'Next' }).click();
  await buyer.getByRole('radio', { name: /25 Ledra Street/ }).check();
  await buyer.getByRole('button', { name: 'Next' }).click();
  await expect(buyer.getByText('€49.00 per clip')).toBeVisible();
  await buyer.getByRole('checkbox', { name: /I accept the license terms/ }).check();
  await buyer.getByRole('button', { name: 'Send request' }).click();
  await expect(buyer.getByRole('heading', { name: 'License request for 2 clips' })).toBeVisible();
  await expect(buyer.getByTestId('bundle-total')).toHaveText('€98.00');
  await buyer.getByRole('button', { name: 'Pay €98.00' }).click();
  await expect(buyer).toHaveURL(/\/payments\/sandbox\/cs_sbx_/);
  await expect(buyer.getByTestId('sandbox-amount')).toHaveText('€98.00');
  await expect(buyer.getByText('2 clips')).toBeVisible();
  await buyer.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(buyer).toHaveURL(/\/me\/license_bundles\/[0-9a-f-]{36}$/);
  await expect(buyer.getByText('Paid: €98.00')).toBeVisible({ timeout: 30_000 });

  // Each clip is licensed on its own page, its original the buyer's to download.
  for (const clip of [title, 'Game of Life in real time']) {
    await buyer.getByRole('link', { name: clip }).click();
    await expect(buyer.getByTestId('license-status-text')).toContainText('Video is licensed!');
    const download = buyer.getByRole('link', { name: 'Download original' });
    const original = await buyer.request.get(
      new URL((await download.getAttribute('href'))!, app.url).toString(),
    );
    expect(original.status()).toBe(200);
    expect(original.headers()['content-disposition']).toContain('attachment;');
    expect((await original.body()).length).toBeGreaterThan(1000);
    await buyer.goBack();
  }

  // A member, verified, suggests a better title.
  const member = await signedInPage(browser, app, 'andreas@example.com', new URL(videoUrl).pathname);
  await member.getByRole('link', { name: /Suggest an edit/ }).click();
  await expect(member.getByRole('heading', { name: 'Suggest an edit' })).toBeVisible();
  await member.getByLabel('Title').fill(`${title}, Nicosia`);
  await member.getByRole('button', { name: 'Send suggestion' }).click();
  await expect(member.getByText('Thank you! Our team will review your suggestion.')).toBeVisible();
  // Their own suggestions screen lists it as waiting, and follows the decision live.
  await member.getByRole('button', { name: 'Account menu' }).click();
  await member.getByRole('menuitem', { name: 'My edit suggestions' }).click();
  const mine = member.getByRole('article', { name: title });
  await expect(mine.getByText('Waiting for review')).toBeVisible();
  await expect(mine.getByText(`${title}, Nicosia`)).toBeVisible();

  // Staff see it side by side and apply it.
  await staff.goto(`${app.url}/video_edits?tab=suggestions`);
  const suggestion = staff.getByRole('article', { name: title });
  await expect(suggestion.getByText(`${title}, Nicosia`)).toBeVisible();
  await suggestion.getByRole('button', { name: 'Apply' }).click();
  await expect(staff.getByText(`The edit was applied to “${title}, Nicosia”.`)).toBeVisible();

  // The suggester hears it; their list shows the outcome; the video shows the new title and who edited it.
  await expect(member.getByText(`Your edit of “${title}, Nicosia” was applied. Thank you!`)).toBeVisible({
    timeout: 30_000,
  });
  await expect(
    member.getByRole('article', { name: `${title}, Nicosia` }).getByText('Applied', { exact: true }),
  ).toBeVisible();
  await member.goto(videoUrl);
  await expect(member.getByRole('heading', { name: `${title}, Nicosia` })).toBeVisible();
  await expect(member.getByText('Edited by')).toBeVisible();
  await expect(member.getByRole('link', { name: 'Andreas Christou' }).first()).toBeVisible();
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
