import { expect, test } from '@playwright/test';
import { type RunningApp, startApp } from './app-server';
import { budgetPages, INITIAL_JS_BUDGET_KB, initialJavaScript } from './initial-js';

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

test.use({ viewport: { width: 375, height: 800 } });

test('the first pages load no more JavaScript than the budget, brotli-compressed', async ({ page }) => {
  for (const [name, path] of Object.entries(await budgetPages(app.url))) {
    await page.context().clearCookies();
    const measured = await initialJavaScript(page, `${app.url}${path}`);
    const kb = measured.gzipBytes / 1024;
    test.info().annotations.push({ type: name, description: `${kb.toFixed(1)} KB gzip` });
    expect(kb, `${name}: ${measured.files.join(', ')}`).toBeLessThanOrEqual(INITIAL_JS_BUDGET_KB);
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
