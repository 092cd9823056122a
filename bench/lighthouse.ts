/**
 * `npm run lighthouse`: Lighthouse's mobile preset (a mid-range phone on a slow 4G network, simulated) on the
 * home page, a video page and search results of the built app on fresh demo data, in Debian's Chromium.
 * Prints each page's performance, accessibility and best-practices scores with its LCP, TBT and CLS.
 * Needs `npm run build`. Run on an idle machine: the simulated timings scale with the CPU the run gets.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startApp } from '../tests/e2e/app-server';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/chromium';
import { budgetPages } from '../tests/e2e/initial-js';

const app = await startApp();
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: CHROMIUM_ARGS,
});
const score = (value: number | null | undefined) => String(Math.round((value ?? 0) * 100)).padStart(6);
const ms = (value: number | undefined) => `${((value ?? 0) / 1000).toFixed(2)} s`.padStart(9);
console.log(
  `${'page'.padEnd(16)}${'perf'.padStart(6)}${'a11y'.padStart(6)}${'best'.padStart(6)}${'LCP'.padStart(9)}${'TBT'.padStart(9)}${'CLS'.padStart(7)}`,
);
try {
  for (const [name, path] of Object.entries(await budgetPages(app.url))) {
    const result = await lighthouse(`${app.url}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${name}`);
    const { categories, audits } = result.lhr;
    console.log(
      `${name.padEnd(16)}${score(categories.performance?.score)}${score(categories.accessibility?.score)}${score(categories['best-practices']?.score)}${ms(audits['largest-contentful-paint']?.numericValue)}${ms(audits['total-blocking-time']?.numericValue)}${(audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3).padStart(7)}`,
    );
  }
} finally {
  chrome.kill();
  await app.stop();
}
