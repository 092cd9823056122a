import type { Page } from '@playwright/test';
import { type RunningApp, startApp } from './app-server';
import { demoPassword, SIGN_IN_ANSWER, signedInPage } from './journey-steps';
import { expect, test } from './test';

/**
 * The back office's users (issue 20): an admin finds a member and grants `manage_videos`; the member,
 * signed in elsewhere, sees "Video edits" after a reload; the audit log shows the grant. Then the admin
 * disables another member, whose next page load is signed out and whose sign-in shows the disabled
 * message.
 */
let app: RunningApp;
test.beforeAll(async () => {
  app = await startApp();
});
// biome-ignore lint/correctness/noEmptyPattern: Playwright wants its fixtures destructured, even when none is used
test.afterEach(({}, info) => {
  if (info.status !== info.expectedStatus) console.log(app.output().slice(-4000));
});
test.afterAll(async () => {
  await app?.stop();
});

/** Opens a member's page from the users list, found by the search box. */
async function openMember(admin: Page, search: string, name: string) {
  await admin.goto(`${app.url}/admin/users`);
  await admin.getByRole('textbox', { name: 'Search users' }).fill(search);
  // The search's answer, not the unfiltered list still showing (its rows move when the answer lands,
  // and a click aimed at the old row would land on nothing).
  const rows = admin.getByTestId('admin-user-row');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(name);
  await rows.getByRole('link', { name }).click();
  await expect(admin.getByRole('heading', { level: 1, name })).toBeVisible();
}

test('an admin grants a right that the member sees at the next page load, and the audit log shows it', async ({
  browser,
}) => {
  const admin = await signedInPage(browser, app, 'admin@example.com');
  const member = await signedInPage(browser, app, 'andreas@example.com', '/');
  const menu = member.getByRole('navigation').first();
  await expect(member.getByRole('link', { name: 'Video edits' })).toHaveCount(0);

  await openMember(admin, 'andreas', 'Andreas Christou');
  // The role in words, in the admin's language, never the stored value.
  const role = admin.getByText('Role', { exact: true }).locator('xpath=..');
  await expect(role).toContainText('Creator');
  await admin.evaluate(() => localStorage.setItem('language', 'el'));
  await admin.reload();
  await expect(admin.getByText('Ρόλος', { exact: true }).locator('xpath=..')).toContainText('Δημιουργός');
  await admin.evaluate(() => localStorage.setItem('language', 'en'));
  await admin.reload();
  await expect(role).not.toContainText('creator');
  await admin.getByRole('checkbox', { name: /Video staff/ }).check();
  await admin.getByRole('button', { name: 'Save rights' }).click();
  await expect(admin.getByText(/Rights saved/)).toBeVisible();

  await member.reload();
  await expect(menu.getByRole('link', { name: 'Video edits' })).toBeVisible();

  await admin.goto(`${app.url}/admin/audit`);
  const entry = admin.getByTestId('audit-entry').first();
  await expect(entry).toContainText('Rights changed');
  await expect(entry.getByRole('link', { name: 'Andreas Christou' })).toBeVisible();
  await expect(entry).toContainText('none → Video staff');
});

test("a disabled member's next page load is signed out, and signing in shows the disabled message", async ({
  browser,
}) => {
  const admin = await signedInPage(browser, app, 'admin@example.com');
  const member = await signedInPage(browser, app, 'nikos@example.com', '/');

  await openMember(admin, 'nikos', 'Nikos Demetriou');
  await admin.getByRole('button', { name: 'Disable account' }).click();
  const confirm = admin.getByRole('dialog', { name: 'Disable this account?' });
  await confirm.getByLabel(/Reason/).fill('Repeated spam');
  await confirm.getByRole('button', { name: 'Disable' }).click();
  await expect(admin.getByText('This account is disabled')).toBeVisible();

  await member.reload();
  await expect(member.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await member.goto(`${app.url}/auth/sign_in`);
  const dialog = member.getByRole('dialog');
  await dialog.getByLabel('Email').fill('nikos@example.com');
  await dialog.getByLabel(/^Password/).fill(await demoPassword(app));
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(
    dialog.getByText('User has been temporary disabled. Please contact our support team.'),
  ).toBeVisible(SIGN_IN_ANSWER);
});
