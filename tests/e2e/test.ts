/**
 * The journeys' `test` and `expect`: Playwright's, plus an accessibility check that runs by itself.
 *
 * A journey opts in by its import line only:
 *   import { expect, test } from './test';          (instead of '@playwright/test')
 * Types (`Page`, `Browser`, ...) still come from '@playwright/test'.
 *
 * Every page a journey opens (the `page` fixture, `browser.newContext()`/`browser.newPage()`, also in
 * `beforeAll`) is checked with axe-core against WCAG 2.2 A and AA (tags below) shortly after each
 * navigation of its main frame (client-side route changes too) that reaches a screen not checked yet in
 * this run, and again at the end of the test on whatever it shows then. A screen is a route of the app
 * (common/routes.ts, ids left out) on its host, signed in or not, in one language at one width: the same
 * screen visited again by another journey is not checked again (the a11y sweep visits every screen in
 * both languages at both widths). Any violation fails the test, listed with its address, rule and
 * elements. `checkA11y(page)` checks a state the automatic check would not see (an open menu or modal)
 * at that moment.
 *
 * Rules are not switched off here: a violation is fixed in the product. The two exclusions (the map tiles
 * of a third-party widget, a button caught in its loading transition) are in AXE_EXCLUDE with their reasons.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';
import { ROUTES } from '../../common/routes';
import { runAxe } from './axe';
import { ContextPool, freshContexts } from './context-pool';
import { A11Y_SCREENS_ENV } from './global-setup';

export { expect };

/**
 * Origins of stand-ins for other companies' sites (the OpenID Connect provider's login page): what they
 * draw is not our product, so the automatic check leaves their pages out. A journey adds its stand-in's
 * origin with `notOurSite`.
 */
const foreignOrigins = new Set<string>();
export function notOurSite(url: string): void {
  foreignOrigins.add(new URL(url).origin);
}
function isOurs(url: string): boolean {
  return url !== 'about:blank' && !foreignOrigins.has(new URL(url).origin);
}

export interface Finding {
  url: string;
  text: string;
}

/** One line per violation and element: what a developer needs to find and fix it. */
function describe(url: string, violations: AxeResults['violations']): Finding[] {
  return violations.map((violation) => ({
    url,
    text: `${violation.id} (${violation.impact}): ${violation.help}\n${violation.nodes
      .slice(0, 8)
      .map((node) => `    ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ')}`)
      .join('\n')}`,
  }));
}

/** The WCAG 2.2 A/AA violations of the page as it is now, one readable entry each. */
export async function analyse(page: Page): Promise<Finding[]> {
  const results = await runAxe(page);
  // A journey may have moved the page on while axe was injected and ran (a click that leads to another
  // company's login page): the findings are the page's where axe actually ran.
  return isOurs(results.url) ? describe(results.url, results.violations) : [];
}

export function format(findings: Finding[]): string {
  return findings.map((finding) => `  at ${finding.url}\n  ${finding.text}`).join('\n');
}

/** Checks the page as it is now; fails the test at once on a violation. */
export async function checkA11y(page: Page, where = ''): Promise<void> {
  const findings = await analyse(page);
  expect(findings, `accessibility violations ${where}\n${format(findings)}`).toEqual([]);
}

/** The app's routes as patterns, the most specific first (`/videos/upload` before `/videos/:videoId`). */
const ROUTE_PATTERNS = Object.values(ROUTES)
  .map((route) => ({
    route,
    pattern: new RegExp(`^${route.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`),
    params: (route.match(/:/g) ?? []).length,
  }))
  .sort((a, b) => a.params - b.params);

/** The screen a page shows: route (or path), host, signed in or not, language and width. */
async function screenOf(page: Page): Promise<string> {
  const url = new URL(page.url());
  const route = ROUTE_PATTERNS.find(({ pattern }) => pattern.test(url.pathname))?.route ?? url.pathname;
  const cookies = await page.context().cookies(url.origin);
  const signedIn = cookies.some((cookie) => cookie.name.includes('session_token'));
  const language = await page.evaluate(() => document.documentElement.lang);
  const width = page.viewportSize()?.width ?? 0;
  return [url.hostname, route, signedIn ? 'signed in' : 'visitor', language, width].join(' ');
}

/**
 * Screens checked in this run, shared by the workers: a file per screen in a folder the global set-up
 * names, created exclusively, so exactly one journey checks each screen.
 */
function firstVisit(screen: string): boolean {
  const dir = process.env[A11Y_SCREENS_ENV]!; // checked when the worker starts (a11yWatcher)
  const name = crypto.createHash('sha1').update(screen).digest('hex');
  try {
    fs.writeFileSync(path.join(dir, name), screen, { flag: 'wx' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Marks the screen the page shows as checked in this run, for a check made outside the automatic one
 * (the a11y sweep), so that the journeys do not check it again.
 */
export async function markChecked(page: Page): Promise<void> {
  firstVisit(await screenOf(page));
}

/** Navigation settles: the document loaded and the app drew its screen (not its first blank frame). */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('load', { timeout: CHECK_LIMIT_MS });
  await page.waitForTimeout(400);
}

/**
 * How long one check may take. Without a limit a page that never finishes loading (or an axe run in a
 * page that stopped answering) held the test's end until its timeout, and the journey failed with no
 * word of what was wrong; such a page is left out, with a line in the log, and the others are checked.
 */
const CHECK_LIMIT_MS = 15_000;
function withinLimit<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what}: no answer in ${CHECK_LIMIT_MS / 1000} s`)),
      CHECK_LIMIT_MS,
    );
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

/**
 * Pages of the running worker, watched from their creation; findings go to the test running then. A
 * journey that launches a browser of its own hands its pages in (`a11yWatcher.watchContext`).
 */
class PageWatcher {
  private readonly watched = new WeakSet<Page>();
  /**
   * Pages that moved during the running test: made, navigated, or asking the app for anything (a click,
   * a form, a live update). Only these are checked again at its end: a page a hook opened for the whole
   * file and this test did not use, or one left open by an earlier file of the worker, shows nothing new
   * (checking every open page at every test's end was a third of a full run's time).
   */
  private active = new Set<Page>();
  private pending = new Set<Promise<void>>();
  findings: Finding[] = [];

  watchContext(context: BrowserContext): void {
    for (const page of context.pages()) this.watchPage(page);
    context.on('page', (page) => this.watchPage(page));
  }

  watchPage(page: Page): void {
    if (this.watched.has(page)) return;
    this.watched.add(page);
    this.active.add(page);
    page.on('close', () => this.active.delete(page));
    // An answer, not a request: a page of a file whose app has stopped keeps trying its live events.
    page.on('response', () => this.active.add(page));
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame()) return;
      this.active.add(page);
      this.schedule(page);
    });
  }

  /** A failed test's leftovers are not the next test's. */
  reset(): void {
    this.findings = [];
    this.active = new Set();
  }

  private schedule(page: Page): void {
    const run = (async () => {
      try {
        await settled(page);
        if (page.isClosed() || !isOurs(page.url())) return;
        if (!firstVisit(await screenOf(page))) return;
        this.findings.push(...(await withinLimit(analyse(page), page.url())));
      } catch {
        // The page moved on or closed mid-check: its next address is checked instead.
      }
    })();
    this.pending.add(run);
    void run.finally(() => this.pending.delete(run));
  }

  /** Waits for the checks under way, checks every page the test used once more, and hands over the findings. */
  async finish(): Promise<Finding[]> {
    await withinLimit(Promise.all([...this.pending]), 'the checks under way').catch((error: Error) =>
      console.warn(`accessibility check left out: ${error.message}`),
    );
    for (const page of this.active) {
      if (page.isClosed() || !isOurs(page.url())) continue;
      try {
        await settled(page);
        this.findings.push(...(await withinLimit(analyse(page), page.url())));
      } catch (error) {
        // Closed while being checked, or it did not answer in time
        if (!page.isClosed()) console.warn(`accessibility check left out: ${(error as Error).message}`);
      }
    }
    const findings = this.findings;
    this.reset();
    return findings;
  }
}

/**
 * The contexts a journey file's hooks and tests made and left open, by the file that made them. The browser
 * lives as long as the worker, so they outlived their file, and their pages went on asking a stopped app
 * for live events (about 1.6 % of a core each, measured, and a worker gathered them file after file).
 * They are closed when the worker begins a test of another file.
 */
class LeftContexts {
  private readonly fileOf = new Map<BrowserContext, string>();

  /** The journey file running now (in a hook too), or null outside one. */
  private static currentFile(): string | null {
    try {
      return base.info().file;
    } catch {
      return null;
    }
  }

  /** A context made outside any file's test or hook is not known to be left over: it is kept. */
  add(context: BrowserContext): void {
    const file = LeftContexts.currentFile();
    if (file === null) return;
    this.fileOf.set(context, file);
    context.on('close', () => this.fileOf.delete(context));
  }

  async closeAllBut(file: string): Promise<void> {
    const left = [...this.fileOf].filter(([, madeBy]) => madeBy !== file).map(([context]) => context);
    await Promise.all(left.map((context) => context.close().catch(() => undefined)));
  }
}

/** Every context and page the worker's browser makes is watched, whichever hook or test makes it. */
function watchBrowser(
  browser: Browser,
  watcher: PageWatcher,
  contexts: LeftContexts,
  /** The config's viewport, which a kept context's page is given back. */
  viewport: { width: number; height: number } | null,
): () => void {
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  const pool = new ContextPool(newContext, viewport);
  const watched = (context: BrowserContext) => {
    watcher.watchContext(context);
    contexts.add(context);
    return context;
  };
  browser.newContext = async (options?: Parameters<Browser['newContext']>[0]) =>
    watched(await pool.take(options));
  freshContexts.set(browser, async (options) => watched(await pool.fresh(options)));
  browser.newPage = async (...args: Parameters<Browser['newPage']>) => {
    const page = await newPage(...args);
    watcher.watchPage(page);
    contexts.add(page.context());
    return page;
  };
  return () => {
    freshContexts.delete(browser);
    browser.newContext = newContext;
    browser.newPage = newPage;
  };
}

export const test = base.extend<
  { a11yCheck: undefined },
  { a11yWatcher: PageWatcher; leftContexts: LeftContexts }
>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright wants its fixtures destructured, even when none is used
  leftContexts: [async ({}, use) => use(new LeftContexts()), { scope: 'worker' }],
  a11yWatcher: [
    async ({ browser, leftContexts }, use, workerInfo) => {
      if (!process.env[A11Y_SCREENS_ENV])
        throw new Error(`${A11Y_SCREENS_ENV} is not set: the journeys' global set-up did not run`);
      const watcher = new PageWatcher();
      const viewport = workerInfo.project.use.viewport ?? null;
      const restore = watchBrowser(browser, watcher, leftContexts, viewport);
      await use(watcher);
      restore();
    },
    { scope: 'worker', auto: true },
  ],
  a11yCheck: [
    async ({ a11yWatcher, leftContexts, context }, use, testInfo) => {
      await leftContexts.closeAllBut(testInfo.file);
      a11yWatcher.watchContext(context);
      await use(undefined);
      // A test that failed already says why; its half-done screen is not checked on top of that.
      if (testInfo.status !== testInfo.expectedStatus) return a11yWatcher.reset();
      const findings = await a11yWatcher.finish();
      expect(findings, `accessibility violations (WCAG 2.2 A/AA)\n${format(findings)}`).toEqual([]);
    },
    { auto: true },
  ],
});
