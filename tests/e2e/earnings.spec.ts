import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { sql } from 'kysely';
import { openDatabase } from '../../server/db/connection';
import { copyDataDir, DATA_TEMPLATE_ENV, type RunningApp, startApp } from './app-server';
import { signedInPage } from './journey-steps';
import { expect, test } from './test';

/**
 * A creator earns from a sale made through the licensing flow, the withdrawal delay passes (the sale's
 * `available_at` moved into the past while the app is stopped), and she asks for a withdrawal by bank
 * transfer from the balance on /me: the request is pending and the amount reserved. Her referrer sees
 * the bonus of her first sale in /me/referrals and /me/transactions. The admin pays the request by a
 * transfer made elsewhere (the manual payout, its reference recorded); she sees it completed.
 */
const VIDEO = 'Game of Life in real time';
let app: RunningApp;
let dataDir: string;

/** Changes the stopped app's embedded database (the app holds it alone while it runs). */
async function withDatabase(work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<void>) {
  const database = await openDatabase({ kind: 'embedded', dataDir: path.join(dataDir, 'db') });
  try {
    await work(database.db);
  } finally {
    await database.close();
  }
}

test.beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'clipmarket-e2e-earnings-'));
  const template = process.env[DATA_TEMPLATE_ENV];
  if (template) await copyDataDir(template, dataDir);
  else await (await startApp({ dataDir, fromTemplate: false })).stop();
  // Maria joined through Andreas's invite; the admin set a withdrawal minimum her first share reaches.
  await withDatabase(async (db) => {
    const andreas = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'andreas@example.com')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('users')
      .set({ referrer_id: andreas.id })
      .where('email', '=', 'maria@example.com')
      .execute();
    await db
      .updateTable('app_settings')
      .set({ value: JSON.stringify(2000) })
      .where('key', '=', 'withdrawal_minimum_cents')
      .execute();
  });
  app = await startApp({ dataDir });
});
// biome-ignore lint/correctness/noEmptyPattern: Playwright wants its fixtures destructured, even when none is used
test.afterEach(({}, info) => {
  if (info.status !== info.expectedStatus) console.log(app.output().slice(-4000));
});
test.afterAll(async () => {
  await app?.stop();
});

async function buyLicense(page: Page) {
  await page.goto(`${app.url}/videos`);
  await page.getByRole('link', { name: VIDEO }).first().click();
  await page.getByRole('link', { name: 'License this video' }).click();
  await page.getByRole('radio', { name: /Editorial: web and social/ }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page
    .getByLabel('Where and how will you use the video?')
    .fill('A science story on our news website, Cyprus.');
  await page.getByRole('button', { name: 'Next' }).click();
  // Eleni's saved billing address
  await page.getByRole('radiogroup', { name: 'Choose a billing address' }).getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('checkbox', { name: /I accept the license terms/ }).check();
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page).toHaveURL(/\/me\/licenses\/[0-9a-f-]{36}$/);
  await page.getByRole('link', { name: 'Pay €49.00' }).click();
  await page.getByRole('button', { name: 'Pay €49.00' }).click();
  await expect(page).toHaveURL(/\/payments\/sandbox\/cs_sbx_/);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByTestId('license-status-text')).toContainText('Video is licensed!', {
    timeout: 30_000,
  });
}

test('a creator withdraws her available earnings by bank transfer, the admin pays it; her referrer sees the bonus', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  // Maria has her dashboard open while Eleni buys: the new earning shows there live, as pending.
  const early = await signedInPage(browser, app, 'maria@example.com');
  await early.goto(`${app.url}/me`);
  const earlyBalance = early.getByRole('region', { name: 'Balance' });
  await expect(earlyBalance).toBeVisible();
  const buyer = await signedInPage(browser, app, 'eleni@example.com');
  await buyLicense(buyer);
  await buyer.context().close();
  await expect(earlyBalance.getByTestId('balance-pending')).toContainText('€24.50');

  // Inside the delay nothing can be withdrawn yet: the dialog says so before asking for anything.
  await earlyBalance.getByRole('button', { name: 'Withdraw' }).click();
  const notYet = early.getByRole('dialog', { name: 'Withdraw' });
  await expect(notYet).toContainText('You can withdraw from €20.00; €0.00 is available now.');
  await expect(notYet.getByLabel(/^IBAN/)).toHaveCount(0);
  await early.context().close();

  // The withdrawal delay passes: the app stops, the earnings' dates move into the past, it starts again.
  await app.stop();
  await withDatabase(async (db) => {
    await db
      .updateTable('transactions')
      .set({ available_at: sql`now() - interval '1 day'` })
      .where('available_at', '>', sql<Date>`now()`)
      .execute();
  });
  app = await startApp({ dataDir });

  const maria = await signedInPage(browser, app, 'maria@example.com');
  await maria.goto(`${app.url}/me`);
  const balance = maria.getByRole('region', { name: 'Balance' });
  await expect(balance.getByTestId('balance-available')).toContainText('€24.50');
  // Her licenses tile counts what she bought, and says what she sold.
  await expect(maria.getByTestId('dashboard-sales')).toHaveText('1 sold');
  for (const width of [375, 1300]) {
    await maria.setViewportSize({ width, height: 900 });
    await maria.screenshot({ path: test.info().outputPath(`dashboard-${width}.png`) });
  }
  await balance.getByRole('button', { name: 'Withdraw' }).click();
  const dialog = maria.getByRole('dialog', { name: 'Withdraw' });
  await expect(dialog).toContainText('The minimum withdrawal is €20.00');
  await dialog.getByLabel(/^Amount/).fill('20');
  await dialog.getByLabel(/^IBAN/).fill('cy17 0020 0128 0000 0012 0052 7601');
  await dialog.getByLabel(/^Account holder/).fill('Maria Papadopoulou');
  await dialog.getByRole('button', { name: 'Request withdrawal' }).click();
  await expect(dialog.getByText(/This IBAN is not valid/)).toBeVisible();
  await dialog.getByLabel(/^IBAN/).fill('CY17 0020 0128 0000 0012 0052 7600');
  await dialog.getByRole('button', { name: 'Request withdrawal' }).click();
  await expect(maria.getByText('Your withdrawal request was sent.', { exact: false })).toBeVisible();
  // The dialog gives focus back to the button that opened it
  await expect(balance.getByRole('button', { name: 'Withdraw' })).toBeFocused();
  await expect(balance.getByTestId('balance-available')).toContainText('€4.50');
  await expect(balance.getByTestId('balance-reserved')).toContainText('€20.00');

  await maria.getByRole('link', { name: 'Transactions' }).first().click();
  await expect(maria).toHaveURL(`${app.url}/me/transactions`);
  const request = maria.getByTestId('withdrawal-request').first();
  await expect(request).toContainText('€20.00');
  await expect(request).toContainText('Pending');
  await expect(request).toContainText('CY17 •••• 7600');
  const rows = maria.getByTestId('ledger-row');
  await expect(rows.first()).toContainText('Withdrawal');
  await expect(rows.first()).toContainText('-€20.00');
  await expect(rows.nth(1)).toContainText('Video license sale');
  await expect(rows.nth(1)).toContainText('€24.50');

  // The admin pays it by a bank transfer made elsewhere and records its reference.
  const admin = await signedInPage(browser, app, 'admin@example.com');
  await admin.goto(`${app.url}/admin/withdrawal_requests`);
  await admin.getByRole('link', { name: /€20\.00 · Maria/ }).click();
  await expect(admin.getByRole('heading', { name: 'Withdrawal of €20.00' })).toBeVisible();
  await admin.getByLabel(/^Payout reference/).fill('SEPA-2026-0042');
  await admin.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(admin.getByText('Paid', { exact: true }).first()).toBeVisible();
  // Back in the "Pending" queue, the paid request stays in sight with its new status until a reload.
  await admin.goBack();
  const paidRow = admin.getByTestId('withdrawal-row').filter({ hasText: /€20\.00 · Maria/ });
  await expect(paidRow).toContainText('Paid');
  await admin.reload();
  await expect(admin.getByTestId('withdrawal-row').filter({ hasText: /€20\.00 · Maria/ })).toHaveCount(0);

  // A balance adjustment takes the amount as typed, in exact cents, in the platform's currency: a fraction
  // of a cent is refused with a message, not rounded.
  await admin.goto(`${app.url}/admin/transactions`);
  await admin.getByRole('button', { name: 'New adjustment' }).click();
  const adjustment = admin.getByRole('dialog', { name: "Adjust a user's balance" });
  await adjustment.getByLabel(/^User/).fill('admin@example.com');
  await expect(adjustment.getByRole('combobox', { name: 'Currency' })).toHaveValue('EUR');
  await adjustment.getByLabel(/^Amount/).fill('2.505');
  await adjustment.getByLabel(/^Reason/).fill('Opening float for the test desk');
  await adjustment.getByRole('button', { name: 'Record the adjustment' }).click();
  await expect(
    adjustment.getByText('Enter an amount greater than zero with at most two decimals'),
  ).toBeVisible();
  await adjustment.getByLabel(/^Amount/).fill('2.50');
  await adjustment.getByRole('button', { name: 'Record the adjustment' }).click();
  await expect(admin.getByText('The adjustment was recorded.')).toBeVisible();
  await expect(admin.getByTestId('ledger-row').first()).toContainText('€2.50');
  await admin.getByRole('button', { name: 'New adjustment' }).click();
  for (const width of [375, 1300]) {
    await admin.setViewportSize({ width, height: 800 });
    await admin.screenshot({ path: test.info().outputPath(`adjustment-${width}.png`) });
  }
  await admin.keyboard.press('Escape');
  await admin.context().close();

  // Maria sees the withdrawal paid, with its reference; the money has left her balance.
  await maria.reload();
  await expect(request).toContainText('Paid');
  await expect(request).toContainText('SEPA-2026-0042');
  await maria.goto(`${app.url}/me`);
  await expect(balance.getByTestId('balance-available')).toContainText('€4.50');
  await expect(balance.getByTestId('balance-reserved')).toContainText('€0.00');

  // Andreas reads Greek (his language); amounts are written the Greek way.
  const andreas = await signedInPage(browser, app, 'andreas@example.com');
  await andreas.goto(`${app.url}/me/referrals`);
  const invited = andreas.getByRole('listitem').filter({ hasText: /maria/i });
  await expect(invited).toContainText(/4,90\s€|€4\.90/);
  await andreas.goto(`${app.url}/me/transactions`);
  await expect(andreas.getByTestId('ledger-row').first()).toContainText(/Referral bonus|Μπόνους σύστασης/);
  await expect(andreas.getByTestId('ledger-row').first()).toContainText(/4,90\s€|€4\.90/);
});

test('in Greek: a buyer’s license, a creator’s withdrawals and the settings read the Greek way', async ({
  browser,
}) => {
  // Three people's pages, each loading the app: beside the whole suite on a slow machine, over 90 s once.
  test.setTimeout(180_000);
  const inGreek = async (email: string) => {
    const page = await signedInPage(browser, app, email, '/');
    await page.evaluate(() => localStorage.setItem('language', 'el'));
    return page;
  };
  // Eleni bought a license of Andreas's Paphos clip (demo data): its page says so, with the file and the
  // certificate; licensing it again is the secondary action.
  const eleni = await inGreek('eleni@example.com');
  await eleni.goto(`${app.url}/videos`);
  await eleni.getByRole('link', { name: 'Κύματα στο λιμάνι της Πάφου' }).first().click();
  const held = eleni.getByTestId('held-licenses');
  await expect(held).toContainText('Έχετε άδεια χρήσης για αυτό το βίντεο');
  await expect(held.getByRole('link', { name: 'Λήψη πρωτοτύπου' })).toBeVisible();
  await expect(held.getByRole('link', { name: 'Πιστοποιητικό άδειας' })).toBeVisible();
  await expect(eleni.getByRole('link', { name: 'Ζητήστε άλλη άδεια' })).toBeVisible();
  // What the file says, for the license holder: the phone, and that its date and place differ from those
  // given (the demo clip's file says a week earlier, up the coast).
  const fromFile = eleni.getByRole('region', { name: 'Από το αρχείο' });
  await expect(fromFile).toContainText('Apple iPhone 13');
  await expect(fromFile.getByTestId('provenance-mismatch')).toContainText('7 ημέρες');
  await expect(fromFile.getByTestId('provenance-mismatch')).toContainText('χλμ.');
  await expect(fromFile.getByTestId('provenance-copy-check')).toHaveText(
    'Κανένα προηγούμενο βίντεο της πλατφόρμας δεν ταιριάζει με τα καρέ του.',
  );
  await eleni.setViewportSize({ width: 375, height: 900 });
  await eleni.reload();
  await expect(held).toBeVisible();
  await eleni.screenshot({ path: test.info().outputPath('held-license-el-375.png'), fullPage: true });
  await eleni.context().close();

  // Andreas's demo withdrawals: one paid, one waiting, amounts written the Greek way.
  const andreas = await inGreek('andreas@example.com');
  await andreas.goto(`${app.url}/me/transactions`);
  const requests = andreas.getByTestId('withdrawal-request');
  await expect(requests.filter({ hasText: 'Σε εκκρεμότητα' })).toContainText(/50,00\s€/);
  await expect(requests.filter({ hasText: 'Πληρώθηκε' })).toContainText('SEPA-2026-0917');
  await andreas.context().close();

  // The admin's settings show the withdrawal minimum with the Greek decimal mark, as its hint does.
  const admin = await inGreek('admin@example.com');
  await admin.goto(`${app.url}/admin/settings`);
  await expect(admin.getByRole('textbox', { name: /^Ελάχιστο ποσό ανάληψης/ })).toHaveValue('20,00');
  await expect(admin.getByText('Ένα ποσό όπως 49,90')).toBeVisible();
  await admin.context().close();
});
