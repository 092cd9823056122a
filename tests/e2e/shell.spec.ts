import type { Page } from '@playwright/test';
import { openAppDatabase, type RunningApp, startApp } from './app-server';
import { appTookOver, openInApp } from './journey-steps';
import { expect, test } from './test';

/**
 * The shell as a visitor meets it: the home page with demo videos, both languages, page titles for every
 * route, the not-found view, the underscore redirect, and a problem report that reaches the database.
 */
let app: RunningApp;
test.beforeAll(async () => {
  app = await startApp();
});
test.afterAll(async () => {
  await app?.stop();
});

const open = async (page: Page, url: string) => {
  await page.goto(new URL(url, app.url).toString());
};

test('home page shows the demo videos, and Greek can be chosen and is remembered', async ({ page }) => {
  await open(page, '/');
  await expect(page).toHaveTitle('Clipmarket');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Footage the world is talking about, licensed in minutes',
  );
  // Seven of the eight demo videos are public; the one waiting for review is not listed.
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(7);
  await expect(page.getByRole('link', { name: 'Fractal bloom over the marina lights' })).toBeVisible();
  await expect(page.getByText('Street festival on Ledra Street')).toHaveCount(0);

  await appTookOver(page);
  await page.getByRole('button', { name: 'Language: English' }).click();
  await page.getByRole('menuitem', { name: 'Ελληνικά' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Τα πλάνα για τα οποία μιλά ο κόσμος, με άδεια σε λίγα λεπτά',
  );
  await expect(page.locator('html')).toHaveAttribute('lang', 'el');
  await expect(page.getByRole('link', { name: 'Σύνδεση' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Αναζήτηση βίντεο' })).toHaveAttribute(
    'placeholder',
    'Αναζήτηση βίντεο',
  );

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Πρόσφατα βίντεο' })).toBeVisible();
  await open(page, '/no/such/page');
  await expect(page.getByRole('heading', { name: 'Η σελίδα δεν βρέθηκε' })).toBeVisible();
  await expect(page).toHaveTitle('Η σελίδα δεν βρέθηκε | Clipmarket');
});

test('an unknown address shows Page not found, with a way home', async ({ page }) => {
  await open(page, '/videos/1/edit/nothing-here');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found | Clipmarket');
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(`${app.url}/`);
});

const TITLES: [string, string][] = [
  ['/auth/sign_in', 'Sign in | Clipmarket'],
  ['/auth/sign_up', 'Sign up | Clipmarket'],
  ['/auth/forgot_password', 'Restore password | Clipmarket'],
  ['/me', 'My profile | Clipmarket'],
  ['/me/videos', 'My videos | Clipmarket'],
  ['/me/referrals', 'My referrals | Clipmarket'],
  ['/me/suggestions', 'My edit suggestions | Clipmarket'],
  ['/me/licenses', 'License requests | Clipmarket'],
  ['/me/licenses/r1', 'License request details | License requests | Clipmarket'],
  ['/me/licenses/r1/pay', 'Pay for video license | License request details | License requests | Clipmarket'],
  ['/me/transactions', 'Transactions history | Clipmarket'],
  ['/me/settings', 'Settings | Clipmarket'],
  ['/me/settings/auth', 'Auth settings | Settings | Clipmarket'],
  ['/me/settings/info', 'Update profile info | Settings | Clipmarket'],
  ['/me/settings/billing', 'Billing address | Settings | Clipmarket'],
  ['/users', 'Community | Clipmarket'],
  ['/videos', 'Videos | Clipmarket'],
  ['/videos/search', 'Search | Videos | Clipmarket'],
  ['/videos/search/sea,sun', 'Search results | Search | Videos | Clipmarket'],
  ['/videos/upload', 'Upload video | Videos | Clipmarket'],
  ['/videos/v1/edit', 'Edit | Video | Videos | Clipmarket'],
  ['/videos/v1/edit_suggestion', 'Edit | Video | Videos | Clipmarket'],
  ['/videos/v1/license', 'License | Video | Videos | Clipmarket'],
  ['/video_edits', 'Videos edits | Clipmarket'],
  ['/join/u1', 'Join our community! | Clipmarket'],
  ['/terms', 'Terms of Service | Clipmarket'],
  ['/privacy', 'Privacy Policy | Clipmarket'],
  ['/admin', 'Admin section | Clipmarket'],
  ['/admin/settings', 'App settings | Admin section | Clipmarket'],
  ['/admin/users', 'Users | Admin section | Clipmarket'],
  ['/admin/license_requests', 'License requests | Admin section | Clipmarket'],
  ['/admin/license_requests/r1', 'License request details | License requests | Admin section | Clipmarket'],
  ['/admin/withdrawal_requests', 'Withdrawal requests | Admin section | Clipmarket'],
  ['/admin/transactions', 'Transactions | Admin section | Clipmarket'],
  ['/admin/mrss', 'MRSS | Admin section | Clipmarket'],
];

/** Screens headed by what they show rather than by the route's name. */
const HEADINGS: Record<string, string> = { '/videos/search/sea,sun': 'Videos for sea, sun' };

/**
 * Loaded from the server, not only drawn by the router: the first screen, an overlay over the home page,
 * deep nested screens, the server-rendered video page (the server writes its title into the HTML), and
 * the edit suggestion screen, which a visitor sees exactly as the edit screen before it (sign in first):
 * a screen opened in place must differ from the one before to be told apart from it.
 */
const LOADED = new Set([
  '/auth/sign_in',
  '/me/licenses/r1/pay',
  '/videos/v1/edit_suggestion',
  '/admin/license_requests/r1',
]);

test('every route of the product answers with its title', async ({ page }) => {
  // A user's page is titled with the user's name, under Community (SPEC 2.1); an unknown user is not found.
  const member = (await (await page.request.get(`${app.url}/api/users?limit=1`)).json()).items[0];
  // A video's page is titled with the video's title.
  const video = (await (await page.request.get(`${app.url}/api/videos?limit=1`)).json()).items[0];
  const videoPage = `/videos/${video.id}`;
  const loaded = new Set([...LOADED, videoPage]);
  const titles: [string, string][] = [
    ...TITLES,
    [`/users/${member.id}`, `${member.name} | Community | Clipmarket`],
    [videoPage, `${video.title} | Videos | Clipmarket`],
  ];
  // The other screens are opened through the app's router, as its links open them: a page load each
  // cost a second of the browser's CPU and added nothing a route's title depends on.
  for (const [url, title] of titles) {
    if (loaded.has(url)) await open(page, url);
    else await openInApp(page, url);
    await expect(page, url).toHaveTitle(title);
    // The auth routes open their overlay over the home page; every other screen is headed by its name.
    if (url.startsWith('/auth/')) await expect(page.getByRole('dialog'), url).toBeVisible();
    else
      await expect(page.getByRole('heading', { level: 1 }), url).toHaveText(
        HEADINGS[url] ?? title.split(' | ')[0]!,
      );
  }
  // An address that is no video says it is not found, in the tab too; one main landmark, the footer beside it.
  await open(page, '/videos/v1');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await expect(page).toHaveTitle('Page not found | Clipmarket');
  await expect(page.getByRole('main')).toHaveCount(1);
  await expect(page.getByRole('contentinfo')).toHaveCount(1);
});

test('an unknown user is not found', async ({ page }) => {
  await open(page, '/users/no-such-user');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
});

test('underscore segments are stripped by a redirect', async ({ page }) => {
  await open(page, '/_/videos/_/upload?from=mail');
  await expect(page).toHaveURL(`${app.url}/videos/upload?from=mail`);
  await expect(page).toHaveTitle('Upload video | Videos | Clipmarket');
});

test('on a phone the search box hides and the side menu opens from the burger', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await open(page, '/');
  await expect(page.getByRole('textbox', { name: 'Search videos' })).toBeHidden();
  await expect(page.getByRole('link', { name: 'Upload', exact: true })).toBeHidden();
  // The home page comes rendered from the server: the burger opens the menu once the app runs it.
  await appTookOver(page);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('link', { name: 'Upload', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('link', { name: 'Upload', exact: true })).toBeHidden();
});

test('a phone finds videos from the header icon and from /videos; the menu lights one entry', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await open(page, '/');
  await expect(page.getByRole('banner').getByRole('textbox')).toBeHidden();
  await page.getByRole('banner').getByRole('link', { name: 'Search videos' }).click();
  const picker = page.getByRole('main').getByRole('combobox', { name: 'Keywords' });
  await expect(picker).toBeFocused();
  await picker.fill('abstract');
  await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/videos\/search\/abstract$/);

  await open(page, '/videos');
  await page.getByRole('main').getByRole('combobox', { name: 'Keywords' }).fill('abstract');
  await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/videos\/search\/abstract$/);

  await page.setViewportSize({ width: 1300, height: 800 });
  await open(page, '/videos/upload');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.locator('a[data-active]')).toHaveCount(1);
  await expect(menu.locator('a[data-active]')).toHaveText('Upload');
});

test('a problem report is validated, sent, and stored with the page it came from', async ({ page }) => {
  await open(page, '/videos');
  await page.getByRole('button', { name: 'Report a problem' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report a problem' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Report a problem' }).click();
  await dialog.getByLabel('Email').fill('not-an-email');
  await dialog.getByLabel('Subject').fill('Video will not play');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Invalid email')).toBeVisible();
  await expect(dialog.getByText('Message is required')).toBeVisible();

  await dialog.getByLabel('Email').fill('viewer@example.com');
  await dialog.getByLabel('Message').fill('The player stays black on my phone.');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Sent successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Stop the server as a process manager would (graceful), then read its embedded database.
  expect(await app.stop()).toBe(0);
  const database = await openAppDatabase(app);
  try {
    const rows = await database.db.selectFrom('abuse_requests').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      email: 'viewer@example.com',
      subject: 'Video will not play',
      message: 'The player stays black on my phone.',
      url: `${app.url}/videos`,
      user_id: null,
    });
  } finally {
    await database.close();
  }
});
