import fs from 'node:fs/promises';
import path from 'node:path';
import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test';
import type { RunningApp } from './app-server';

/** The demo accounts' password, made at the first start and written beside the data (see the README). */
export async function demoPassword(app: RunningApp): Promise<string> {
  const login = await fs.readFile(path.join(app.dataDir, 'demo-login.txt'), 'utf8');
  return login.match(/ \/ (\S+)/)?.[1] ?? '';
}

/** Draws a zigzag on the first signature pad of the page, as a finger or a mouse would. */
export async function drawSignature(page: Page): Promise<void> {
  const pad = page.locator('canvas').first();
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad on the page');
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 10; step++) {
    await page.mouse.move(box.x + 20 + step * 20, box.y + box.height / 2 + (step % 2 ? -15 : 15));
  }
  await page.mouse.up();
}

/**
 * How long a sign-in's or a sign-up's answer may take: real scrypt (32 MB, 100 ms of a core when idle)
 * took over 10 s beside the whole suite on a slow machine, where every other step had its cores.
 */
export const SIGN_IN_ANSWER = { timeout: 30_000 };

/**
 * Signs a browser context in as a demo user through the API, as the sign-in overlay does (its journey is
 * auth.spec.ts): the context's pages share the session cookie. A journey about something else does not
 * load the overlay and wait for its answer first.
 */
export async function signInContext(context: BrowserContext, app: RunningApp, email: string): Promise<void> {
  const answer = await context.request.post(`${app.url}/api/auth/sign-in/email`, {
    data: { email, password: await demoPassword(app) },
    headers: { origin: app.url },
    ...SIGN_IN_ANSWER,
  });
  expect(answer.ok(), `signing in as ${email}: ${answer.status()} ${await answer.text()}`).toBe(true);
}

/**
 * A page of its own (own cookies) signed in as a demo user, showing the app's address `at` (without it, a
 * blank page until the journey opens one).
 */
export async function signedInPage(
  browser: Browser,
  app: RunningApp,
  email: string,
  at?: string,
): Promise<Page> {
  const context = await browser.newContext();
  await signInContext(context, app, email);
  const page = await context.newPage();
  if (at !== undefined) await page.goto(`${app.url}${at}`);
  return page;
}

/**
 * Waits until the app has taken over a page the server rendered (server/plugins/page-render.ts): until then
 * its buttons are drawn but do nothing. The report button sits in a portal, which React draws only once it
 * runs the page.
 */
export async function appTookOver(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: 'Report a problem' })).toBeVisible();
}

/**
 * Opens a screen through the app's router, as a link in the app does: the address changes in place and
 * the router draws the screen (`popstate`, as for the back button). Loading the page again for every
 * screen made each one pay the app's start (about 1 s of the browser's CPU a screen, most of the a11y
 * sweep). Waits until the screen shown is no longer the one before.
 */
export async function openInApp(page: Page, address: string): Promise<void> {
  const before = await page.locator('body').innerHTML();
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, address);
  await expect.poll(() => page.locator('body').innerHTML()).not.toBe(before);
}
