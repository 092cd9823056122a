import { type RunningApp, startApp } from './app-server';
import { signedInPage } from './journey-steps';
import { expect, test } from './test';

/**
 * MRSS feeds for partners (issue 20): the admin creates a feed, copies the partner's URL (shown once),
 * the URL serves Media RSS listing a seeded video with a ready preview; revoked, it answers 404.
 */
let app: RunningApp | undefined;
// biome-ignore lint/correctness/noEmptyPattern: Playwright wants its fixtures destructured, even when none is used
test.afterEach(async ({}, info) => {
  if (info.status !== info.expectedStatus && app) console.log(app.output().slice(-4000));
  await app?.stop();
  app = undefined;
});

test('an admin makes a partner feed, its URL serves the videos, and revoking it ends it', async ({
  browser,
}) => {
  app = await startApp();
  const running = app;
  const page = await signedInPage(browser, running, 'admin@example.com');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: running.url });
  await page.goto(`${running.url}/admin/mrss`);
  await expect(page.getByRole('heading', { name: 'MRSS feeds for partners' })).toBeVisible();
  await expect(page.getByText('No feeds yet.', { exact: false })).toBeVisible();

  await page.getByRole('button', { name: 'New feed' }).click();
  await page.getByRole('textbox', { name: /^Feed name/ }).fill('Harbour partner');
  await page.getByRole('textbox', { name: /^Partner name/ }).fill('Harbour News');
  await page.getByRole('button', { name: 'Preview feed' }).click();
  await expect(page.getByText(/videos? match/)).toBeVisible();
  await page.getByRole('button', { name: 'Create feed' }).click();

  const dialog = page.getByRole('dialog', { name: 'Feed URL for Harbour News' });
  await expect(dialog.getByText('It is shown only this once')).toBeVisible();
  const url = await dialog.getByTestId('mrss-issued-url').inputValue();
  expect(url).toMatch(/\/api\/feeds\/mrss\/[A-Za-z0-9_-]{43}\.xml$/);
  await dialog.getByRole('button', { name: 'Copy URL' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await dialog.getByRole('button', { name: 'Done' }).click();

  // What a partner's reader gets: Media RSS with the seeded videos, each pointing at its preview.
  const feedPath = new URL(url).pathname;
  const feed = await page.request.get(`${running.url}${feedPath}`);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('application/rss+xml; charset=utf-8');
  const xml = await feed.text();
  expect(xml).toContain('xmlns:media="http://search.yahoo.com/mrss/"');
  const { items } = (await (await page.request.get(`${running.url}/api/videos?limit=48`)).json()) as {
    items: { title: string }[];
  };
  expect(items.length).toBeGreaterThan(0);
  expect(items.some((video) => xml.includes(`<title>${video.title}</title>`))).toBe(true);
  expect(xml).toMatch(/<media:content url="[^"]*previews\//);

  // The list shows the feed and its partner, never the URL.
  const card = page.getByRole('article', { name: 'Harbour partner' });
  await expect(card.getByTestId('mrss-partner')).toContainText('Harbour News');
  await expect(card.getByTestId('mrss-partner')).toContainText('Active');
  await expect(page.getByText(url)).toHaveCount(0);

  await card.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('dialog', { name: 'Revoke' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(card.getByTestId('mrss-partner')).toContainText('Revoked');
  expect((await page.request.get(`${running.url}${feedPath}`)).status()).toBe(404);
});
