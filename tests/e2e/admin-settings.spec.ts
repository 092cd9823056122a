import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pdfBytes } from '../support/pdf';
import { type RunningApp, startApp } from './app-server';
import { signedInPage } from './journey-steps';
import { expect, test } from './test';

/**
 * The admin's settings (SPEC 2.1 /admin/settings, 2.6, 7): a new license price reaches a buyer's type step;
 * an uploaded terms PDF is what /terms shows, with its date; a visitor's problem report reaches the abuse
 * queue and is marked handled; the privacy policy's edit is what /privacy shows. The four share one app:
 * each changes a part of the site no other one reads (a license price, the terms, the abuse queue, the
 * privacy policy), and an app start is a tenth of the file's time.
 */
let app: RunningApp;
test.beforeAll(async () => {
  app = await startApp();
});
// biome-ignore lint/correctness/noEmptyPattern: Playwright wants its fixtures destructured, even when none is used
test.afterEach(async ({}, info) => {
  if (info.status !== info.expectedStatus) console.log(app.output().slice(-4000));
});
test.afterAll(async () => {
  await app?.stop();
});

test('a new license price set by the admin is the price a buyer sees in the type step', async ({
  browser,
}) => {
  const admin = await signedInPage(browser, app, 'admin@example.com');
  await admin.goto(`${app.url}/admin/settings`);
  await admin.getByRole('tab', { name: 'License types' }).click();
  const webType = admin.getByTestId('admin-license-type').filter({ hasText: 'Editorial: web and social' });
  await webType.getByRole('button', { name: /^Edit/ }).click();
  const dialog = admin.getByRole('dialog', { name: 'Edit license type' });
  await dialog.getByRole('textbox', { name: 'Price' }).fill('abc');
  await dialog.getByRole('button', { name: 'Save license type' }).click();
  await expect(dialog.getByText('Enter an amount greater than zero')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Price' }).fill('65.50');
  await dialog.getByRole('button', { name: 'Save license type' }).click();
  await expect(dialog).toBeHidden();
  await expect(webType).toContainText('€65.50');

  const buyer = await signedInPage(browser, app, 'andreas@example.com');
  await buyer.goto(`${app.url}/videos`);
  await buyer.getByRole('link', { name: 'Rule 110: a cellular automaton' }).first().click();
  await buyer.getByRole('link', { name: 'License this video' }).click();
  await expect(
    buyer.getByTestId('license-type').filter({ hasText: 'Editorial: web and social' }),
  ).toContainText('€65.50');
});

test('a fresh install shows sample terms; the PDF the admin uploads replaces them, with its date', async ({
  browser,
}) => {
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`${app.url}/terms`);
  // The first start published the sample, so sign-up's and the upload agreement's links lead somewhere.
  await expect(visitor.locator('iframe[title="Terms of Service (PDF)"]')).toBeVisible();
  await expect(visitor.getByText('No terms published yet')).toHaveCount(0);
  const sampleHref = await visitor.getByRole('link', { name: 'Open the PDF' }).first().getAttribute('href');

  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'terms-'));
  const pdf = path.join(dir, 'terms.pdf');
  const fake = path.join(dir, 'page.pdf');
  await fs.writeFile(pdf, await pdfBytes('Clipmarket Terms of Service'));
  await fs.writeFile(fake, '<!doctype html><title>not a pdf</title>');

  const admin = await signedInPage(browser, app, 'admin@example.com');
  await admin.goto(`${app.url}/admin/settings?tab=documents`);
  await expect(admin.getByText('A PDF document of at most 10 MB')).toBeVisible();
  // An HTML page named .pdf is refused by its content, and the alert says only that.
  await admin.locator('input[type="file"]').setInputFiles(fake);
  await admin.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(admin.getByRole('alert')).toContainText('This file is not a PDF');
  await expect(admin.getByRole('alert')).not.toContainText('Please try again later');

  await admin.locator('input[type="file"]').setInputFiles(pdf);
  await admin.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(admin.getByText('The new Terms of Service are published.')).toBeVisible();
  await expect(admin.getByTestId('terms-current')).toContainText('The current file was uploaded on');

  await visitor.reload();
  // Today, written the one way the product writes dates.
  const today = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date());
  await expect(visitor.getByTestId('terms-date')).toContainText(`Published on ${today}`);
  const frame = visitor.locator('iframe[title="Terms of Service (PDF)"]');
  await expect(frame).toBeVisible();
  const href = await visitor.getByRole('link', { name: 'Open the PDF' }).first().getAttribute('href');
  expect(href).not.toBe(sampleHref);
  const file = await visitor.request.get(`${app.url}${href}`);
  expect(file.headers()['content-type']).toBe('application/pdf');
  expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await fs.rm(dir, { recursive: true, force: true });
});

test("a visitor's problem report reaches the abuse queue and is marked handled", async ({ browser }) => {
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`${app.url}/videos`);
  await visitor.getByRole('button', { name: 'Report a problem' }).click();
  const form = visitor.getByRole('dialog', { name: 'Report a problem' });
  await form.getByLabel('Email').fill('viewer@example.com');
  await form.getByLabel('Subject').fill('Copied video');
  await form.getByLabel('Message').fill('This clip is mine; someone uploaded it again.');
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(visitor.getByText('Sent successfully!')).toBeVisible();

  const admin = await signedInPage(browser, app, 'admin@example.com');
  await admin.goto(app.url);
  await admin
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Abuse reports' })
    .click();
  await expect(admin.getByRole('heading', { name: 'Abuse reports', level: 1 })).toBeVisible();
  const report = admin.getByTestId('abuse-report').filter({ hasText: 'Copied video' });
  await expect(report).toContainText('This clip is mine; someone uploaded it again.');
  await expect(report.getByRole('link', { name: 'viewer@example.com' })).toBeVisible();
  await expect(report.getByRole('link', { name: `${app.url}/videos` })).toBeVisible();
  await report.getByLabel('Note').fill('Asked the uploader for proof of ownership.');
  await report.getByRole('button', { name: 'Mark handled' }).click();
  await expect(admin.getByText('The report is marked handled.')).toBeVisible();
  await expect(admin.getByTestId('abuse-report').filter({ hasText: 'Copied video' })).toHaveCount(0);

  await admin.getByText('Handled', { exact: true }).click();
  const handled = admin.getByTestId('abuse-report').filter({ hasText: 'Copied video' });
  await expect(handled).toContainText('Asked the uploader for proof of ownership.');
  await expect(handled).toContainText('by Admin');
});

test('the privacy policy the admin edits is what /privacy shows, rendered safely', async ({ browser }) => {
  const admin = await signedInPage(browser, app, 'admin@example.com');
  await admin.goto(`${app.url}/admin/settings?tab=documents`);
  const editor = admin.getByLabel('Text in English (Markdown)');
  await editor.fill(
    '## Cookies\n\nWe use one cookie to keep you signed in. [Ask us](mailto:privacy@example.com) or [click](javascript:alert(1)).\n\n<script>alert(1)</script>',
  );
  await expect(admin.getByRole('heading', { name: 'Cookies' })).toBeVisible(); // the preview
  await admin.getByRole('button', { name: 'Save privacy policy' }).click();
  await expect(admin.getByText('Privacy policy saved.')).toBeVisible();

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`${app.url}/privacy`);
  const policy = visitor.getByTestId('privacy-policy');
  await expect(policy.getByRole('heading', { name: 'Cookies' })).toBeVisible();
  await expect(policy.getByRole('link', { name: 'Ask us' })).toHaveAttribute(
    'href',
    'mailto:privacy@example.com',
  );
  await expect(policy.getByRole('link', { name: 'click' })).toHaveCount(0);
  await expect(policy.locator('script')).toHaveCount(0);
  await expect(policy).not.toContainText('<script>');
});
