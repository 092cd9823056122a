import { expect, test } from '@playwright/test';
import { PAGE_STATE_ID } from '../../common/constants';
import el from '../../common/i18n/el.json' with { type: 'json' };
import en from '../../common/i18n/en.json' with { type: 'json' };
import { type RunningApp, startApp } from './app-server';
import { freshContext } from './context-pool';
import { budgetPages, INITIAL_JS_BUDGET_KB, measureFirstPages, serverRenderingReady } from './initial-js';
import { appTookOver } from './journey-steps';

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

test("a card's own picture comes in WebP at the size its card needs: smaller on a desktop's grid than on a phone", async ({
  browser,
}) => {
  const chosen = async (viewport: { width: number; height: number }, deviceScaleFactor: number) => {
    const context = await freshContext(browser, { viewport, deviceScaleFactor });
    const page = await context.newPage();
    await page.goto(`${app.url}/videos`);
    const own = page.getByTestId('video-grid').locator('img[srcset*="/files/video_thumbnails/"]').first();
    await expect(own).toHaveJSProperty('complete', true);
    const currentSrc = await own.evaluate((img: HTMLImageElement) => img.currentSrc);
    await context.close();
    return new URL(currentSrc).pathname;
  };
  expect(await chosen({ width: 1300, height: 900 }, 1)).toMatch(
    /^\/files\/video_thumbnails\/[\w-]+\.w480\.webp$/,
  );
  expect(await chosen({ width: 375, height: 800 }, 3)).toMatch(
    /^\/files\/video_thumbnails\/[\w-]+\.w640\.webp$/,
  );
});

/**
 * A visitor's home page, video page and search results come rendered from the server (server/plugins/
 * page-render.ts): a phone paints them before any script arrives, in the visitor's language, and the app
 * then takes the page over as it is.
 */
test.describe('pages rendered on the server', () => {
  test.beforeAll(async () => serverRenderingReady(app.url));

  test('a first page is readable with scripts off, in the language the browser asks for', async ({
    browser,
  }) => {
    const pages = await budgetPages(app.url);
    const latest = await (await fetch(`${app.url}/api/videos?limit=1`)).json();
    const video = latest.items[0] as { title: string };
    const english = await browser.newContext({ javaScriptEnabled: false, locale: 'en-GB' });
    const page = await english.newPage();
    await page.goto(`${app.url}${pages.home}`);
    await expect(page.getByRole('heading', { name: en.home.latest })).toBeVisible();
    await expect(page.getByRole('link', { name: video.title }).first()).toBeVisible();
    await page.goto(`${app.url}${pages['video page']}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(video.title);
    await page.goto(`${app.url}${pages['search results']}`);
    await expect(page.getByTestId('video-grid').locator('article').first()).toBeVisible();
    // Tapped before the app runs, Sign in still leads somewhere: the sign-in overlay's own address.
    await page.getByRole('link', { name: en.header.signIn }).click();
    await expect(page).toHaveURL(`${app.url}/auth/sign_in`);
    await english.close();

    const greek = await browser.newContext({ javaScriptEnabled: false, locale: 'el-GR' });
    const greekPage = await greek.newPage();
    await greekPage.goto(`${app.url}${pages.home}`);
    await expect(greekPage.locator('html')).toHaveAttribute('lang', 'el');
    await expect(greekPage.getByRole('heading', { name: el.home.latest })).toBeVisible();
    await greek.close();

    // A language chosen with the flags (kept in a cookie as well) wins over the browser's.
    const chosen = await browser.newContext({ javaScriptEnabled: false, locale: 'en-GB' });
    await chosen.addCookies([{ name: 'language', value: 'el', url: app.url }]);
    const chosenPage = await chosen.newPage();
    await chosenPage.goto(`${app.url}${pages.home}`);
    await expect(chosenPage.getByRole('heading', { name: el.home.latest })).toBeVisible();
    await chosen.close();
  });

  test('the app takes the rendered page over without building it again, and then navigates in place', async ({
    page,
  }) => {
    const errors: string[] = [];
    // Ours only: the map's tiles come from another company's server, which a closed network cannot reach.
    const ours = (url: string) => !url || new URL(url).origin === new URL(app.url).origin;
    page.on(
      'console',
      (message) => message.type() === 'error' && ours(message.location().url) && errors.push(message.text()),
    );
    page.on('pageerror', (error) => errors.push(error.message));
    // Whatever the app removes from the page as it takes over: a rebuilt page would remove its cards.
    await page.addInitScript(() => {
      const removed: string[] = [];
      Object.assign(window, { removedArticles: removed, sameDocument: true });
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.removedNodes)
            if (node instanceof Element && (node.matches('article') || node.querySelector('article')))
              removed.push(node.outerHTML.slice(0, 80));
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(app.url);
    await appTookOver(page);
    const card = page.getByTestId('video-grid').locator('article a').first();
    await expect(card).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as { removedArticles: string[] }).removedArticles),
    ).toEqual([]);
    // A click is the router's, not a new page load: what the page held survives it.
    await card.click();
    await expect(page).toHaveURL(/\/videos\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    expect(errors).toEqual([]);
  });

  test("a member's pages are not rendered on the server, nor are pages other than the three", async ({
    request,
  }) => {
    const rendered = await (await request.get(app.url)).text();
    expect(rendered).toContain(`id="${PAGE_STATE_ID}"`);
    expect(rendered).not.toContain('<div id="root"></div>');
    const member = await request.get(app.url, { headers: { cookie: 'better-auth.session_token=anything' } });
    expect(await member.text()).toContain('<div id="root"></div>');
    const other = await (await request.get(`${app.url}/auth/sign_in`)).text();
    expect(other).toContain('<div id="root"></div>');
  });
});
