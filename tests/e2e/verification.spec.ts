import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { type RunningApp, startApp } from './app-server';
import { latestMail } from './outbox';
import { expect, test } from './test';

/** The four verification steps as a new user meets them, codes read from the app's outboxes. */
let app: RunningApp;
test.beforeAll(async () => {
  app = await startApp();
});
test.afterAll(async () => {
  await app?.stop();
});

const open = (page: Page, url: string) => page.goto(new URL(url, app.url).toString());

/** The code of the newest SMS to `to` in the SMS outbox. */
async function latestSmsCode(to: string): Promise<string> {
  const dir = path.join(app.dataDir, 'outbox', 'sms');
  for (let attempt = 0; attempt < 50; attempt++) {
    const files = (await fs.readdir(dir).catch(() => [] as string[])).sort().reverse();
    for (const file of files) {
      const message = JSON.parse(await fs.readFile(path.join(dir, file), 'utf8'));
      const code = message.to === to ? message.body.match(/\b(\d{6})\b/)?.[1] : undefined;
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no SMS to ${to}`);
}

async function signUp(page: Page, email: string) {
  await open(page, '/auth/sign_up');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel(/^Password/).fill('my-secret');
  await dialog.getByLabel('Confirm password').fill('my-secret');
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Welcome to Clipmarket!')).toBeVisible();
}

test('a new user completes the four steps, and the modal stays away after a reload', async ({ page }) => {
  test.setTimeout(120_000);
  const email = 'verifying.creator@example.com';
  await signUp(page, email);

  // A verified-only page explains itself and opens the modal.
  await open(page, '/videos/upload');
  await expect(page.getByRole('heading', { name: 'Verify your account first' })).toBeVisible();
  const modal = page.getByRole('dialog', { name: 'Account verification required' });
  await expect(modal).toBeVisible();

  // Step 1: the code e-mailed to the account's address.
  await expect(modal.getByText(email)).toBeVisible();
  await modal.getByRole('button', { name: 'Send verification code' }).click();
  await expect(modal.getByLabel('Verification code')).toBeVisible();
  await modal.getByRole('button', { name: 'Verify email' }).click();
  await expect(modal.getByText('Please enter 6 digit code')).toBeVisible();
  const mail = await latestMail(app.dataDir, email);
  const emailCode = mail.subject?.match(/\d{6}/)?.[0] ?? '';
  const wrongCode = String((Number(emailCode) + 1) % 1_000_000).padStart(6, '0');
  await modal.getByLabel('Verification code').fill(wrongCode);
  await modal.getByRole('button', { name: 'Verify email' }).click();
  await expect(
    modal.getByText('Verification code you submitted is not valid! 4 of 5 attempts left.'),
  ).toBeVisible();
  await modal.getByLabel('Verification code').fill(emailCode);
  await modal.getByRole('button', { name: 'Verify email' }).click();

  // Step 2: number, captcha, SMS code. The country defaults to Cyprus (a loopback address has none).
  await expect(modal.getByText('We will text a 6-digit code to your mobile phone.')).toBeVisible();
  await modal.getByLabel('Phone number').fill('12');
  await modal.getByRole('button', { name: 'Send code by SMS' }).click();
  await expect(modal.getByText('Invalid phone number')).toBeVisible();
  await expect(modal.getByText('Please confirm that you are not a robot')).toBeVisible();
  await modal.getByLabel('Phone number').fill('96 555 123');
  await modal.getByText("I'm not a robot").click();
  // The proof of work runs in the browser's workers; the widget then says so.
  await expect(modal.getByText('Verified', { exact: true })).toBeVisible({ timeout: 30_000 });
  await modal.getByRole('button', { name: 'Send code by SMS' }).click();
  await expect(modal.getByLabel('Code from the SMS')).toBeVisible();
  await modal.getByLabel('Code from the SMS').fill(await latestSmsCode('+35796555123'));
  await modal.getByRole('button', { name: 'Verify phone number' }).click();

  // Step 3: the profile form, with one mistake first.
  await expect(modal.getByLabel('Username')).toBeVisible();
  await modal.getByLabel('Username').fill('Storm Chaser');
  await modal.getByLabel('Full name').fill('Kostas Ioannou');
  await modal.getByLabel('Sell my videos').check();
  await modal.getByLabel('Tell buyers what you film').fill('Storms and sunsets over Larnaca.');
  await modal.getByLabel('Instagram').fill('kostas');
  await modal.getByRole('button', { name: 'Save profile info' }).click();
  await expect(modal.getByText('Instagram account must start with @, for example @yourname')).toBeVisible();
  await expect(modal.getByText('You have to agree in order to proceed')).toBeVisible();
  await modal.getByLabel('Instagram').fill('@kostas');
  await modal.getByLabel(/I agree to the/).check();
  await modal.getByLabel('I confirm that I am 16 years old or older').check();
  await modal.getByRole('button', { name: 'Save profile info' }).click();

  // Step 4.
  await modal.getByRole('button', { name: 'Start using Clipmarket' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Verify your account first' })).toBeHidden();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Upload video' })).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'My profile' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Verify account' })).toBeHidden();
});

test('an unverified user can open the modal from the user menu and close it', async ({ page }) => {
  await signUp(page, 'menu.opener@example.com');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Verify account' }).click();
  const modal = page.getByRole('dialog', { name: 'Account verification required' });
  await expect(modal).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
});

test('staff pages tell a signed-in user without the right that they are not authorized', async ({ page }) => {
  await signUp(page, 'no.rights@example.com');
  await open(page, '/video_edits');
  await expect(page.getByRole('heading', { name: 'Not authorized' })).toBeVisible();
  await open(page, '/admin/users');
  await expect(page.getByRole('heading', { name: 'Not authorized' })).toBeVisible();
});
