/**
 * `npm run lighthouse`: Lighthouse's mobile preset (a mid-range phone on a slow 4G network, simulated) on the
 * home page, a video page and search results of the built app on fresh demo data, in Debian's Chromium.
 * Prints each page's performance, accessibility and best-practices scores with its FCP, LCP, TBT and CLS:
 * the median of `LIGHTHOUSE_RUNS` runs (default 3) by performance score, with the range of the scores, as
 * Lighthouse's own guidance advises (one run varies with what else the machine does). Needs `npm run build`.
 * Run on an idle machine: the simulated timings scale with the CPU the run gets.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startApp } from '../tests/e2e/app-server';
import { DESKTOP_CHROMIUM } from '../tests/e2e/chromium';
import { budgetPages, serverRenderingReady } from '../tests/e2e/initial-js';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

interface Run {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

const app = await startApp();
const chrome = await chromeLauncher.launch({
  chromePath: DESKTOP_CHROMIUM.path,
  chromeFlags: DESKTOP_CHROMIUM.args,
});

/** One run, or null when Lighthouse could not trace the load (NO_NAVSTART now and then): run again. */
async function measure(url: string): Promise<Run | null> {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  if (result.lhr.runtimeError) {
    console.warn(`  (a run of ${url} failed: ${result.lhr.runtimeError.code}; running it again)`);
    return null;
  }
  const { categories, audits } = result.lhr;
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    bestPractices: Math.round((categories['best-practices']?.score ?? 0) * 100),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`.padStart(8);
const columns = ['perf', 'range', 'a11y', 'best', 'FCP', 'LCP', 'TBT', 'CLS'];
console.log(`${RUNS} runs each, the median run by performance:`);
console.log(`${'page'.padEnd(16)}${columns.map((c) => c.padStart(8)).join('')}`);
try {
  // Once before measuring: the server's first rendering of a page warms its code, which no visitor waits for twice.
  await serverRenderingReady(app.url);
  for (const path of Object.values(await budgetPages(app.url))) await fetch(`${app.url}${path}`);
  for (const [name, path] of Object.entries(await budgetPages(app.url))) {
    const runs: Run[] = [];
    for (let attempt = 0; runs.length < RUNS && attempt < RUNS * 2; attempt++) {
      const run = await measure(`${app.url}${path}`);
      if (run) runs.push(run);
    }
    if (runs.length === 0) throw new Error(`Lighthouse could not measure ${name}`);
    runs.sort((a, b) => a.performance - b.performance);
    const median = runs[Math.floor(runs.length / 2)] as Run;
    const range = `${runs[0]?.performance}-${runs.at(-1)?.performance}`;
    const cells = [
      String(median.performance),
      range,
      String(median.accessibility),
      String(median.bestPractices),
      seconds(median.fcp),
      seconds(median.lcp),
      seconds(median.tbt),
      median.cls.toFixed(3),
    ];
    console.log(`${name.padEnd(16)}${cells.map((c) => c.padStart(8)).join('')}`);
  }
} finally {
  chrome.kill();
  await app.stop();
}
