import { expect, test } from '@playwright/test';
import { runAxe } from './axe';

/**
 * The accessibility check every journey relies on finds what it is there to find: a page with known
 * violations, one of them on a frame without a title, is reported with each of them (a check that cannot
 * fail would pass every journey). What is inside a frame is not the app's (a PDF, YouTube's player) and
 * is not checked.
 */
test('the accessibility check reports violations in the page and on its frames', async ({ page }) => {
  // Served from an address of its own (routed here, no server).
  await page.route('http://check.test/', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<html><head><title>Known violations</title></head><body>
    <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
    <button></button>
    <p style="color:#aaa;background:#fff">Faint text</p>
    <iframe srcdoc="<html lang='en'><body><input type='text'></body></html>"></iframe>
  </body></html>`,
    }),
  );
  await page.goto('http://check.test/');
  const { violations } = await runAxe(page);
  const found = violations.map((violation) => violation.id).sort();
  expect(found).toEqual(['button-name', 'color-contrast', 'frame-title', 'html-has-lang', 'image-alt']);
});
