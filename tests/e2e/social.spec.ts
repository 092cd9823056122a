import type { Page } from '@playwright/test';
import { startOidcServer } from '../support/oidc-server';
import { freePort, openAppDatabase, type RunningApp, startApp } from './app-server';
import { SIGN_IN_ANSWER } from './journey-steps';
import { expect, notOurSite, test } from './test';

/**
 * Social sign-in against a real OpenID Connect provider started here, including the merge of a social
 * login into an existing e-mail/password account.
 */
let app: RunningApp;
let oidc: Awaited<ReturnType<typeof startOidcServer>>;
test.beforeAll(async () => {
  const port = await freePort();
  oidc = await startOidcServer({
    port: await freePort(),
    redirectUri: `http://127.0.0.1:${port}/api/auth/callback/oidc`,
  });
  notOurSite(oidc.issuer);
  app = await startApp({
    port,
    env: {
      OIDC_ISSUER_URL: oidc.issuer,
      OIDC_CLIENT_ID: oidc.clientId,
      OIDC_CLIENT_SECRET: oidc.clientSecret,
      OIDC_PROVIDER_NAME: 'TestID',
    },
  });
});
test.afterAll(async () => {
  await app?.stop();
  await oidc?.close();
});

/** Signs in at the provider's development login page (any login name), consenting if asked. */
async function loginAtProvider(page: Page, login: string) {
  await page.locator('input[name=login]').fill(login);
  await page.locator('input[name=password]').fill('anything');
  await page.locator('button[type=submit]').click();
  await consentIfAsked(page);
}
async function consentIfAsked(page: Page) {
  for (let step = 0; step < 3 && !page.url().startsWith(app.url); step++) {
    await page.waitForLoadState('networkidle');
    if (page.url().startsWith(app.url)) break;
    await page.locator('button[type=submit]').click();
  }
  await page.waitForURL(`${app.url}/**`);
}
const sessionEmail = (page: Page) =>
  page.evaluate(
    async () =>
      ((await (await fetch('/api/session')).json()) as { user: { email: string } | null }).user?.email,
  );

test('a new visitor signs up with the OpenID Connect provider', async ({ page }) => {
  await page.goto(app.url);
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign in with TestID' }).click();
  await loginAtProvider(page, 'sofia');
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  expect(await sessionEmail(page)).toBe('sofia@example.com');

  // The provider's picture is on plain http at a loopback address, which the avatar import never fetches
  // (server/adapters/http/safe-fetch.ts; its tests serve a picture over https): the user has no picture.
  expect(
    await page.evaluate(async () => (await (await fetch('/api/session')).json()).user.image as string | null),
  ).toBeNull();

  // A social-only account can add a password, and then sign in with its e-mail too.
  await page.goto(`${app.url}/me/settings/auth`);
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();
  await expect(page.getByText('You sign in with TestID.', { exact: false })).toBeVisible();
  await page.getByLabel(/^New password/).fill('sofia-password');
  await page.getByLabel(/^Confirm new password/).fill('sofia-password');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('Your password is set.', { exact: false })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(`${app.url}/`); // signing out leads home
  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
  await page.getByRole('dialog').getByLabel('Email').fill('sofia@example.com');
  await page
    .getByRole('dialog')
    .getByLabel(/^Password/)
    .fill('sofia-password');
  await page.getByRole('dialog').getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Welcome back!')).toBeVisible(SIGN_IN_ANSWER);
});

test('a social login whose e-mail has an account is merged after the password is given', async ({ page }) => {
  // An e-mail/password account first.
  await page.goto(`${app.url}/auth/sign_up`);
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill('elena@example.com');
  await dialog.getByLabel(/^Password/).fill('elena-password');
  await dialog.getByLabel('Confirm password').fill('elena-password');
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();

  // The same e-mail through TestID: not joined silently, the merge overlay asks for the password.
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign in with TestID' }).click();
  await loginAtProvider(page, 'elena@example.com');
  await expect(dialog.getByRole('heading', { name: 'Connect your accounts' })).toBeVisible();
  await expect(page).toHaveURL(`${app.url}/`);
  expect(await sessionEmail(page)).toBeUndefined();

  await dialog.getByLabel('Email').fill('elena@example.com');
  await dialog.getByLabel(/^Password/).fill('elena-password');
  await dialog.getByRole('button', { name: 'Sign in and connect TestID' }).click();
  await consentIfAsked(page);
  await expect(page.getByText('Your TestID account is now connected.', { exact: false })).toBeVisible();

  // From now on TestID leads to the same account.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign in with TestID' }).click();
  await consentIfAsked(page);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  expect(await sessionEmail(page)).toBe('elena@example.com');
});

// Last: it stops the app to read its database.
test('a social sign-up remembers who invited the visitor', async ({ page }) => {
  const videos = await (await page.request.get(`${app.url}/api/videos?limit=1`)).json();
  const inviter = videos.items[0].user as { id: string; name: string };
  await page.goto(`${app.url}/join/${inviter.id}`);
  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign in with TestID' }).click();
  await loginAtProvider(page, 'olga');
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

  expect(await app.stop()).toBe(0);
  const database = await openAppDatabase(app);
  try {
    const olga = await database.db
      .selectFrom('users')
      .select('referrer_id')
      .where('email', '=', 'olga@example.com')
      .executeTakeFirstOrThrow();
    expect(olga.referrer_id).toBe(inviter.id);
  } finally {
    await database.close();
  }
});
