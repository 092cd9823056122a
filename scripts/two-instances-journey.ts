/**
 * The browser part of scripts/two-instances.ts, through nginx only: a creator uploads (several tus
 * chunks), hears live that the video was processed, staff approve it while the creator's page is open
 * and that page changes live, then a buyer pays in the sandbox and downloads the original from the
 * bucket. The steps and texts are those of tests/e2e/upload.spec.ts, moderation.spec.ts and
 * license-payment.spec.ts.
 */
import { type Browser, type Page, expect as playwrightExpect } from '@playwright/test';
import { drawSignature, SIGN_IN_ANSWER } from '../tests/e2e/journey-steps';
import { sha256 } from './two-instances-resume';

/**
 * The proof runs beside the journeys or Vitest, on cores they keep full: a step that takes a second alone
 * took over 5 s there (Playwright's default wait outside its test runner): each wait here has 20 s, and
 * the steps that wait for a job or a payment more.
 */
const expect = playwrightExpect.configure({ timeout: 20_000 });

interface Site {
  browser: Browser;
  origin: string;
  password: string;
  say: (line: string) => void;
}

/** A page of its own (own cookies) signed in as a demo member; the run's certificate is self-signed. */
async function signedIn(site: Site, email: string): Promise<Page> {
  const context = await site.browser.newContext({ ignoreHTTPSErrors: true, locale: 'en-GB' });
  const page = await context.newPage();
  await page.goto(`${site.origin}/auth/sign_in`);
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel(/^Password/).fill(site.password);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Welcome back!')).toBeVisible(SIGN_IN_ANSWER);
  return page;
}

/** The creator uploads `video`; resolves when the page has heard that it was processed. */
async function upload(site: Site, creator: Page, video: string, title: string) {
  await creator.goto(`${site.origin}/videos/upload`);
  const chooser = creator.waitForEvent('filechooser');
  await creator.getByRole('button', { name: /Video file/ }).click();
  await (await chooser).setFiles(video);
  await creator.getByLabel('Title').fill(title);
  await creator.getByLabel('Description').fill('The quay at dusk, filmed from the lighthouse.');
  await creator.getByLabel('Keywords').fill('quay, dusk');
  await creator.getByLabel('Date of birth').fill('1990-05-01');
  await drawSignature(creator);
  await creator.getByLabel('I have read the license agreement above and I agree to it').check();
  await creator.getByRole('button', { name: 'Submit video' }).click();
  await expect(creator.getByRole('heading', { name: 'Completed' })).toBeVisible({ timeout: 90_000 });
  site.say('upload completed (tus, through nginx)');
  await expect(creator.getByText(`Your video “${title}” is uploaded and waits for review.`)).toBeVisible({
    timeout: 90_000,
  });
  site.say('the creator heard live that the video was processed');
}

/** Staff approve it from the review queue; the creator's open video page hears it. */
async function approve(site: Site, creator: Page, title: string): Promise<string> {
  await creator.goto(`${site.origin}/me/videos`);
  await creator.getByRole('article').filter({ hasText: title }).getByRole('link', { name: title }).click();
  await expect(creator.getByRole('heading', { name: title })).toBeVisible();
  const videoUrl = creator.url();
  const staff = await signedIn(site, 'eleni@example.com');
  await staff.goto(`${site.origin}/video_edits`);
  await staff.getByRole('article', { name: title }).getByRole('button', { name: 'Approve' }).click();
  await expect(staff.getByText(`“${title}” is approved.`)).toBeVisible();
  site.say('staff approved it');
  await expect(creator.getByText(`Your video “${title}” is ready for licensing.`)).toBeVisible({
    timeout: 30_000,
  });
  site.say("the creator's open page changed live");
  await staff.context().close();
  return videoUrl;
}

/** A buyer licenses it at the fixed price, pays in the sandbox and downloads the original. */
async function buyAndDownload(site: Site, videoUrl: string): Promise<Buffer> {
  const buyer = await signedIn(site, 'andreas@example.com');
  await buyer.goto(videoUrl);
  await buyer.getByRole('link', { name: 'License this video' }).click();
  await buyer.getByRole('radio', { name: /Editorial: web and social/ }).check();
  await buyer.getByRole('button', { name: 'Next' }).click();
  await buyer
    .getByLabel('Where and how will you use the video?')
    .fill('A story on our news website, Cyprus.');
  await buyer.getByRole('button', { name: 'Next' }).click();
  await buyer.getByRole('textbox', { name: /^Address/ }).fill('3 Ledras Street');
  await buyer.getByRole('textbox', { name: /^City/ }).fill('Nicosia');
  await buyer.getByRole('textbox', { name: /^Postal code/ }).fill('1011');
  await buyer.getByRole('button', { name: 'Add address' }).click();
  await expect(buyer.getByRole('radio', { name: /3 Ledras Street/ })).toBeChecked();
  await buyer.getByRole('button', { name: 'Next' }).click();
  await buyer.getByRole('checkbox', { name: /I accept the license terms/ }).check();
  await buyer.getByRole('button', { name: 'Send request' }).click();
  await expect(buyer).toHaveURL(/\/me\/licenses\/[0-9a-f-]{36}$/);
  const requestUrl = buyer.url();
  await buyer.getByRole('link', { name: 'Pay €49.00' }).click();
  await buyer.getByRole('button', { name: 'Pay €49.00' }).click();
  await expect(buyer).toHaveURL(/\/payments\/sandbox\/cs_sbx_/);
  await buyer.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(buyer).toHaveURL(requestUrl);
  await expect(buyer.getByTestId('license-status-text')).toContainText('Video is licensed!', {
    timeout: 30_000,
  });
  site.say('the buyer paid (sandbox checkout)');
  const href = await buyer.getByRole('link', { name: 'Download original' }).getAttribute('href');
  // The app answers with a redirect to a signed URL of the bucket; the request follows it.
  const original = await buyer.request.get(new URL(href!, site.origin).toString());
  if (original.status() !== 200) throw new Error(`the download answered ${original.status()}`);
  const body = await original.body();
  site.say(`the buyer downloaded the original from the bucket (${body.length} bytes)`);
  await buyer.context().close();
  return body;
}

/**
 * The whole journey; `chunkInstances` tells which instances took the upload's chunks (nginx's log), and
 * must name both. The downloaded original must have the source's SHA-256.
 */
export async function browserJourney(
  site: Site,
  video: { path: string; sha: string },
  chunkInstances: () => Promise<string[]>,
): Promise<void> {
  const title = 'Quay at dusk from the lighthouse';
  const creator = await signedIn(site, 'maria@example.com');
  await upload(site, creator, video.path, title);
  const upstreams = await chunkInstances();
  site.say(`the upload's chunks went to ${upstreams.join(', ')}`);
  if (new Set(upstreams).size < 2) throw new Error('every chunk reached the same instance: expected both');
  const videoUrl = await approve(site, creator, title);
  const downloaded = await buyAndDownload(site, videoUrl);
  if (sha256(downloaded) !== video.sha) throw new Error('the downloaded original differs from the source');
  site.say(`the download's SHA-256 is the source's (${video.sha.slice(0, 16)}…)`);
  await creator.context().close();
}
