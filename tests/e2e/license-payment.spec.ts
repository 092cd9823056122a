import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, type Page, test } from '@playwright/test';
import { type RunningApp, startApp } from './app-server';
import { demoPassword } from './journey-steps';

/**
 * A buyer pays for a fixed-price licence in the sandbox checkout (the default provider), and then gets
 * the original (byte for byte the stored upload) and the licence certificate. The request is made in the
 * database before the app starts, as the request stepper would leave it.
 */
const BUYER = 'maria@example.com';
const TITLE = 'Fractal bloom over the marina lights';
let app: RunningApp;
let password: string;
let seeded: { id: string; videoId: string; path: string };

test.beforeAll(async () => {
  app = await startApp({
    beforeStart: async (dataDir) => {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'tests/e2e/seed-license-request.ts', path.join(dataDir, 'db'), BUYER, TITLE],
        { cwd: process.cwd() },
      );
      seeded = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}');
    },
  });
  password = await demoPassword(app);
});
// biome-ignore lint/correctness/noEmptyPattern: Playwright wants its fixtures destructured, even when none is used
test.afterEach(({}, info) => {
  if (info.status !== info.expectedStatus) console.log(app.output().slice(-4000));
});
test.afterAll(async () => {
  await app?.stop();
});

async function signIn(page: Page) {
  await page.goto(`${app.url}/auth/sign_in`);
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(BUYER);
  await dialog.getByLabel(/^Password/).fill(password);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Welcome back!')).toBeVisible();
}

test('pay in the sandbox checkout, then download the original and the certificate', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);

  await page.goto(`${app.url}/me/licenses/${seeded.id}/pay`);
  await expect(page.getByRole('heading', { name: 'Pay for video license' })).toBeVisible();
  await expect(page.getByRole('link', { name: TITLE })).toBeVisible();
  await expect(page.getByText('Editorial: web and social')).toBeVisible();
  await expect(page.getByText('Test mode — no money moves')).toBeVisible();
  await page.getByRole('button', { name: 'Pay €49.00' }).click();

  await expect(page).toHaveURL(/\/payments\/sandbox\/cs_sbx_/);
  await expect(page.getByText('Test mode — no money moves')).toBeVisible();
  await expect(page.getByTestId('sandbox-amount')).toHaveText('€49.00');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  // Back on the request, as Stripe's success URL would bring the buyer.
  await expect(page).toHaveURL(`${app.url}/me/licenses/${seeded.id}`);
  await expect
    .poll(async () => (await page.request.get(`${app.url}/api/license-requests/${seeded.id}/payment`)).json())
    .toMatchObject({ status: 'completed' });
  await expect(page.getByText(`Your licence for “${TITLE}” is paid.`, { exact: false })).toBeVisible();

  // The original: a download whose bytes are the stored upload's.
  const original = await page.request.get(`${app.url}/api/license-requests/${seeded.id}/download`);
  expect(original.status()).toBe(200);
  expect(original.headers()['content-disposition']).toContain(`attachment;`);
  expect(original.headers()['content-disposition']).toContain('Fractal bloom over the marina lights.mp4');
  const stored = await fs.readFile(path.join(app.dataDir, 'files', seeded.path));
  const sha = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');
  expect(sha(await original.body())).toBe(sha(stored));

  const certificate = await page.request.get(`${app.url}/api/license-requests/${seeded.id}/certificate`);
  expect(certificate.status()).toBe(200);
  expect(certificate.headers()['content-type']).toBe('application/pdf');
  expect((await certificate.body()).subarray(0, 4).toString()).toBe('%PDF');
});
