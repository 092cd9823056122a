import { expect, test } from '@playwright/test';
import { type RunningApp, startApp } from './app-server';
import { INITIAL_JS_BUDGET_KB, measureFirstPages } from './initial-js';

/**
 * A phone on a slow network pays for every script the first page loads: the home page, a video page and
 * search results each stay within the first-page JavaScript budget, and reach the browser compressed.
 */
let app: RunningApp;
test.beforeAll(async () => {
  app = await startApp();
});
test.afterAll(async () => {
  await app?.stop();
});

test('the first pages load no more JavaScript than the budget, brotli-compressed', async ({ browser }) => {
  for (const measured of await measureFirstPages(browser, app.url)) {
    const kb = measured.gzipBytes / 1024;
    test.info().annotations.push({ type: measured.name, description: `${kb.toFixed(1)} KB gzip` });
    expect(kb, `${measured.name}: ${measured.files.join(', ')}`).toBeLessThanOrEqual(INITIAL_JS_BUDGET_KB);
    // The server sends the build's brotli copies: what travels is well under the gzip figure.
    expect(measured.sentBytes).toBeLessThan(measured.gzipBytes);
  }
});

test("the first card's picture is fetched at once and first, the pictures below as they near the screen", async ({
  page,
}) => {
  await page.goto(`${app.url}/videos`);
  const pictures = page.getByTestId('video-grid').locator('img');
  await expect(pictures.first()).toBeVisible();
  expect(await pictures.count()).toBeGreaterThan(4);
  await expect(pictures.first()).toHaveAttribute('fetchpriority', 'high');
  await expect(pictures.first()).toHaveAttribute('loading', 'eager');
  await expect(pictures.nth(1)).toHaveAttribute('loading', 'eager');
  await expect(pictures.nth(4)).toHaveAttribute('loading', 'lazy');
});
