import { expect, test } from '@playwright/test';
import { runAxe } from './axe';

/**
 * The accessibility check every journey relies on finds what it is there to find: a page with known
 * violations, one of them inside a frame, is reported with each of them (a check that cannot fail would
 * pass every journey).
 */
test('the accessibility check reports violations in the page and in its frames', async ({ page }) => {
  // Served from an address of its own (routed here, no server): frames are checked when same-origin.
  await page.route('http://check.test/', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<html><head><title>Known violations</title></head><body>
    <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
    <button></button>
    <p style="color:#aaa;background:#fff">Faint text</p>
    <iframe title="inner" srcdoc="<html lang='en'><body><input type='text'></body></html>"></iframe>
  </body></html>`,
    }),
  );
  await page.goto('http://check.test/');
  const { violations } = await runAxe(page);
  const found = violations.map((violation) => violation.id).sort();
  expect(found).toEqual(['button-name', 'color-contrast', 'html-has-lang', 'image-alt', 'label']);
  const label = violations.find((violation) => violation.id === 'label')!;
  expect(label.nodes[0]!.target).toEqual(['iframe', 'input']);
});
