/**
 * Takes screenshots of pages at phone and desktop widths, in English and Greek, for a person to look at.
 * Usage: node --import tsx scripts/screenshots.ts [baseUrl] [outDir] [path ...]
 * The app must be running (npm start). Uses the system Chromium, like the browser tests.
 */
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/chromium';

const [baseUrl = 'http://localhost:3000', outDir = '.tmp/shots', ...paths] = process.argv.slice(2);
const targets = paths.length > 0 ? paths : ['/', '/no-such-page', '/videos/upload'];

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
for (const language of ['en', 'el']) {
  for (const width of [375, 1300]) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, locale: language });
    await context.addInitScript((lang) => localStorage.setItem('language', lang), language);
    const page = await context.newPage();
    for (const target of targets) {
      await page.goto(new URL(target, baseUrl).toString(), { waitUntil: 'networkidle' });
      const name = target.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home';
      await page.screenshot({ path: `${outDir}/${name}-${language}-${width}.png`, fullPage: true });
    }
    await context.close();
  }
}
await browser.close();
console.log(`screenshots in ${outDir}`);
