import path from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { type RunningApp, startApp } from './app-server';
import { signInContext } from './journey-steps';
import { expect, test } from './test';

/** A verified member's profile, pictures, billing addresses and invitations, as they would use them. */
let app: RunningApp;
let picture: string;
test.beforeAll(async () => {
  app = await startApp();
  picture = path.join(app.dataDir, 'holiday.png');
  await sharp({ create: { width: 900, height: 600, channels: 3, background: '#e8590c' } })
    .png()
    .toFile(picture);
});
test.afterAll(async () => {
  await app?.stop();
});

const open = (page: Page, url: string) => page.goto(new URL(url, app.url).toString());

/** Picks the picture with the card's file button, and saves the crop. */
async function uploadPicture(page: Page, card: string, cropTitle: string) {
  const section = page
    .locator('section, div')
    .filter({ has: page.getByRole('heading', { name: card }) })
    .last();
  const chooser = page.waitForEvent('filechooser');
  await section.getByRole('button', { name: /Choose a picture|Change/ }).click();
  await (await chooser).setFiles(picture);
  const crop = page.getByRole('dialog', { name: cropTitle });
  await expect(crop).toBeVisible();
  await crop.getByRole('button', { name: 'Save' }).click();
  await expect(crop).toBeHidden();
}

test('a member sets pictures, edits the bio, keeps billing addresses, and invites a friend', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInContext(page.context(), app, 'maria@example.com');

  // Pictures, cropped in the browser and re-encoded by the server.
  await open(page, '/me/settings/info');
  await uploadPicture(page, 'Profile picture', 'Crop your profile picture');
  await expect(page.getByText('Your profile picture is updated.')).toBeVisible();
  await uploadPicture(page, 'Cover image', 'Crop your cover image');
  await expect(page.getByText('Your cover image is updated.')).toBeVisible();

  // The bio, through the profile form.
  await page.getByLabel('Tell buyers what you film').fill('Night markets and rooftop concerts in Athens.');
  await page.getByRole('button', { name: 'Save profile info' }).click();
  await expect(page.getByText('Profile saved!')).toBeVisible();

  await open(page, '/me');
  await expect(page.getByText('Night markets and rooftop concerts in Athens.')).toBeVisible();
  // One's own profile keeps its route name; a member's page is titled with their name.
  await expect(page).toHaveTitle('My profile | Clipmarket');
  await expect(page.getByRole('img', { name: 'Cover image of Maria Papadopoulou' })).toBeVisible();
  const avatar = page.locator('main img[alt="Maria Papadopoulou"]').first();
  await expect(avatar).toHaveAttribute('src', /\/files\/avatars\/.+\.jpg\?v=\d+/);
  const served = await page.request.get(
    new URL((await avatar.getAttribute('src')) ?? '', app.url).toString(),
  );
  expect(served.headers()['content-type']).toBe('image/jpeg');
  expect((await sharp(await served.body()).metadata()).width).toBe(500);

  // Two billing addresses, then one deleted.
  await open(page, '/me/settings/billing');
  await expect(page.getByText('No billing addresses yet')).toBeVisible();
  for (const [name, city] of [
    ['Maria Papadopoulou', 'Athens'],
    ['Agora Films Ltd', 'Thessaloniki'],
  ] as const) {
    await page.getByRole('button', { name: 'Add address' }).first().click();
    const form = page.getByRole('dialog', { name: 'Add billing address' });
    await form.getByRole('textbox', { name: /^Name/ }).fill(name);
    await form.getByRole('textbox', { name: /^Address/ }).fill('Ermou 10');
    await form.getByLabel('City').fill(city);
    await form.getByLabel('Postal code').fill('10563');
    await form.getByRole('button', { name: 'Add address' }).click();
    await expect(form).toBeHidden();
  }
  await expect(page.getByText('Agora Films Ltd')).toBeVisible();
  await page.getByRole('button', { name: 'Delete Agora Films Ltd' }).click();
  await page
    .getByRole('dialog', { name: 'Delete billing address' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('The billing address has been deleted.')).toBeVisible();
  await expect(page.getByText('Agora Films Ltd')).toBeHidden();
  await expect(page.getByText('Default', { exact: true })).toBeVisible();
  // The country's flag is a picture that loads (an emoji flag reads "GR" on Windows).
  const flag = page.locator('main img[data-flag="gr"]');
  await expect(flag).toBeVisible();
  expect(await flag.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  // The invite link, copied, brings a friend in.
  await open(page, '/me/referrals');
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(new RegExp(`^${app.url}/join/.+`));

  const friendContext = await browser.newContext();
  const friend = await friendContext.newPage();
  await friend.goto(link);
  await expect(friend.getByText('Maria Papadopoulou invites you to Clipmarket.')).toBeVisible();
  await friend.getByRole('button', { name: 'Create your account' }).click();
  const signUp = friend.getByRole('dialog');
  await signUp.getByLabel('Email').fill('friend.of.maria@example.com');
  await signUp.getByLabel(/^Password/).fill('friend-secret');
  await signUp.getByLabel('Confirm password').fill('friend-secret');
  await signUp.getByRole('button', { name: 'Create account' }).click();
  await expect(friend.getByText('Welcome to Clipmarket!')).toBeVisible();
  await friendContext.close();

  await page.reload();
  await expect(page.getByText('Not verified yet')).toBeVisible();
  // A member without a name yet is "Anonymous" (SPEC 3.2).
  await expect(page.getByRole('link', { name: 'Anonymous' })).toBeVisible();
});

test('the community lists verified members and finds them by name', async ({ page }) => {
  await open(page, '/users');
  await expect(page.getByRole('link', { name: /Andreas Christou/ })).toBeVisible();
  await expect(page.getByText('Nikos Demetriou')).toBeHidden(); // not verified
  await page.getByLabel('Find members by name').fill('eleni');
  await expect(page.getByRole('link', { name: /Eleni Georgiou/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Andreas Christou/ })).toBeHidden();
  await page.getByRole('link', { name: /Eleni Georgiou/ }).click();
  await expect(page.getByRole('heading', { name: 'Eleni Georgiou' })).toBeVisible();
  await expect(page).toHaveTitle('Eleni Georgiou | Community | Clipmarket');
});
