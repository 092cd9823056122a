import type { Page } from '@playwright/test';
import { type RunningApp, startApp } from './app-server';
import { SIGN_IN_ANSWER } from './journey-steps';
import { latestMail } from './outbox';
import { expect, test } from './test';

/** Accounts as a visitor meets them: sign up, sign out, sign in, and a forgotten password by e-mail. */
let app: RunningApp;
test.beforeAll(async () => {
  app = await startApp();
});
test.afterAll(async () => {
  await app?.stop();
});

const open = (page: Page, url: string) => page.goto(new URL(url, app.url).toString());
const authDialog = (page: Page) => page.getByRole('dialog');

async function signIn(page: Page, email: string, password: string) {
  const dialog = authDialog(page);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel(/^Password/).fill(password);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
}

test('sign up, sign out, and sign in again', async ({ page }) => {
  await open(page, '/');
  await page.getByRole('link', { name: 'Sign up' }).click();
  const dialog = authDialog(page);
  await expect(dialog.getByRole('heading', { name: 'Create your account' })).toBeVisible();

  await dialog.getByLabel('Email').fill('new.creator@example.com');
  await dialog.getByLabel(/^Password/).fill('my-secret');
  await dialog.getByLabel('Confirm password').fill('my-secrex');
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await expect(dialog.getByText('Passwords mismatch!')).toBeVisible();

  await dialog.getByLabel('Confirm password').fill('my-secret');
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Welcome to Clipmarket!')).toBeVisible(SIGN_IN_ANSWER);
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();

  await page.getByRole('link', { name: 'Sign in' }).click();
  await signIn(page, 'new.creator@example.com', 'wrong-one');
  await expect(authDialog(page).getByText('Invalid email or password.')).toBeVisible();
  await signIn(page, 'new.creator@example.com', 'my-secret');
  await expect(page.getByText('Welcome back!')).toBeVisible(SIGN_IN_ANSWER);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
});

test('signing up with an address that has an account says to check the mail, and mails its owner', async ({
  page,
}) => {
  // An account of the demo data: the stranger does not know its password.
  await open(page, '/auth/sign_up');
  const dialog = authDialog(page);
  await dialog.getByLabel('Email').fill('eleni@example.com');
  await dialog.getByLabel(/^Password/).fill('guessed-pass');
  await dialog.getByLabel('Confirm password').fill('guessed-pass');
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await expect(dialog.getByRole('status')).toContainText(
    'If this address already has an account, we have sent it a message',
    SIGN_IN_ANSWER,
  );
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeHidden();

  // In the owner's language (Eleni's is Greek), not the stranger's.
  const mail = await latestMail(app.dataDir, 'eleni@example.com');
  expect(mail.subject).toBe('Κάποιος προσπάθησε να εγγραφεί στο Clipmarket με το e-mail σας');
  expect(mail.text).toContain(`${app.url}/auth/sign_in`);
});

test('the /auth/ addresses open the overlays, and closing goes home', async ({ page }) => {
  await open(page, '/auth/forgot_password');
  await expect(authDialog(page).getByRole('heading', { name: 'Restore password' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(authDialog(page)).toBeHidden();
  await expect(page).toHaveURL(`${app.url}/`);

  await open(page, '/auth/sign_in');
  await authDialog(page).getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(`${app.url}/`);
});

test('a forgotten password is reset through the e-mailed link', async ({ page }) => {
  // An account of the demo data; its password was made at seeding and nobody here knows it.
  await open(page, '/auth/sign_in');
  await authDialog(page).getByRole('button', { name: 'Forgot password?' }).click();
  await authDialog(page).getByLabel('Email').fill('maria@example.com');
  await authDialog(page).getByRole('button', { name: 'Send the link' }).click();
  await expect(authDialog(page).getByText(/we have sent it a link/)).toBeVisible();

  const mail = await latestMail(app.dataDir, 'maria@example.com');
  expect(mail.subject).toBe('Reset your Clipmarket password');
  const link = /https?:\/\/\S+oobCode=\S+/.exec(mail.text ?? '')![0];

  await page.goto(link);
  const dialog = authDialog(page);
  await expect(dialog.getByRole('heading', { name: 'Set new password' })).toBeVisible();
  await expect(page).toHaveURL(`${app.url}/`); // mode, oobCode and lang are gone from the address
  await expect(dialog.getByLabel('Email')).toHaveValue('maria@example.com');
  await expect(dialog.getByLabel('Email')).toHaveAttribute('readonly', '');
  await dialog.getByLabel(/^New password/).fill('123');
  await dialog.getByRole('button', { name: 'Save the new password' }).click();
  await expect(dialog.getByText('New password should be at least of 6 chars')).toBeVisible();
  await dialog.getByLabel(/^New password/).fill('fresh-password');
  await dialog.getByLabel('Confirm new password').fill('fresh-password');
  await dialog.getByRole('button', { name: 'Save the new password' }).click();
  await expect(
    page.getByText('Password changed successfully! Please sign in using your new password'),
  ).toBeVisible();

  await signIn(page, 'maria@example.com', 'fresh-password');
  await expect(page.getByText('Welcome back!')).toBeVisible(SIGN_IN_ANSWER);

  // The link works once.
  await page.goto(link);
  await expect(
    authDialog(page).getByText('This link is not valid or has already been used. Ask for a new one.'),
  ).toBeVisible();
});

test('the sign-in e-mail is changed through a link to the new address, and the old one can take it back', async ({
  page,
}) => {
  await open(page, '/auth/sign_up');
  const dialog = authDialog(page);
  await dialog.getByLabel('Email').fill('lena@example.com');
  await dialog.getByLabel(/^Password/).fill('lena-password');
  await dialog.getByLabel('Confirm password').fill('lena-password');
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

  await open(page, '/me/settings/auth');
  await page.getByLabel(/^New e-mail/).fill('lena.new@example.com');
  await page
    .getByRole('region', { name: 'Change e-mail' })
    .or(page.locator('form', { hasText: 'Change e-mail' }))
    .getByLabel(/^Current password/)
    .fill('lena-password');
  await page.getByRole('button', { name: 'Send the confirmation link' }).click();
  await expect(page.getByText('We sent a link to lena.new@example.com.', { exact: false })).toBeVisible();

  const confirm = await latestMail(app.dataDir, 'lena.new@example.com');
  await page.goto(/https?:\/\/\S+oobCode=\S+/.exec(confirm.text ?? '')![0]);
  await expect(
    page.getByText('Email successfully verified! Please sign in back using your email and password'),
  ).toBeVisible();
  await expect(page).toHaveURL(`${app.url}/`);
  await signIn(page, 'lena.new@example.com', 'lena-password');
  await expect(page.getByText('Welcome back!')).toBeVisible(SIGN_IN_ANSWER);

  const told = await latestMail(app.dataDir, 'lena@example.com');
  expect(told.subject).toBe('The e-mail of your Clipmarket account was changed');
  await page.goto(/https?:\/\/\S+oobCode=\S+/.exec(told.text ?? '')![0]);
  await expect(page.getByText('You email successfully restored!', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  // The reset link goes through the mail outbox: it arrives a moment after the answer.
  await expect
    .poll(async () => (await latestMail(app.dataDir, 'lena@example.com')).subject)
    .toBe('Reset your Clipmarket password');
});

test('a visitor invited through /join sees who invited them when signing up', async ({ page }) => {
  const videos = await (await page.request.get(`${app.url}/api/videos?limit=1`)).json();
  const inviter = videos.items[0].user as { id: string; name: string };
  await open(page, `/join/${inviter.id}`);
  await expect(page).toHaveTitle('Join our community! | Clipmarket');
  await page.getByRole('link', { name: 'Sign up' }).click();
  await expect(authDialog(page).getByText(`Invited by ${inviter.name}`)).toBeVisible();
});
