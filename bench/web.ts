/**
 * `npm run bench:web`: the JavaScript the home page, a video page and search results load before they are
 * ready on a phone, as built (raw and gzip) and as sent (brotli), against the budget of
 * tests/e2e/initial-js.ts. Needs a build (`npm run build`); starts the built app on fresh demo data.
 */
import { chromium } from '@playwright/test';
import { startApp } from '../tests/e2e/app-server';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/chromium';
import { INITIAL_JS_BUDGET_KB, measureFirstPages } from '../tests/e2e/initial-js';

const app = await startApp();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`.padStart(10);
console.log(`first-page JavaScript (budget ${INITIAL_JS_BUDGET_KB} KB gzip)`);
console.log(
  `${'page'.padEnd(16)}${'files'.padStart(6)}${'raw'.padStart(10)}${'gzip'.padStart(10)}${'sent'.padStart(10)}`,
);
try {
  for (const measured of await measureFirstPages(browser, app.url)) {
    console.log(
      `${measured.name.padEnd(16)}${String(measured.files.length).padStart(6)}${kb(measured.rawBytes)}${kb(measured.gzipBytes)}${kb(measured.sentBytes)}`,
    );
    if (process.argv.includes('--files')) console.log(`  ${measured.files.join(' ')}`);
  }
} finally {
  await browser.close();
  await app.stop();
}
