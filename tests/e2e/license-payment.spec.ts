import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { type RunningApp, startApp } from './app-server';
import { signedInPage } from './journey-steps';
import { expect, test } from './test';

/**
 * A buyer licenses a fixed-price video through the four steps, pays in the sandbox checkout (the
 * default provider), and then downloads the original (byte for byte the stored upload) and the license
 * certificate, from the request's page.
 */
const TITLE = 'Fractal bloom over the marina lights';
let app: RunningApp;

test.beforeAll(async () => {
  app = await startApp();
});
// biome-ignore lint/correctness/noEmptyPattern: Playwright wants its fixtures destructured, even when none is used
test.afterEach(({}, info) => {
  if (info.status !== info.expectedStatus) console.log(app.output().slice(-4000));
});
test.afterAll(async () => {
  await app?.stop();
});

test('license a fixed-price video in four steps, pay in the sandbox, download the original and the certificate', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // Maria is verified and has no billing address yet: she adds one inside the third step.
  const page = await signedInPage(browser, app, 'maria@example.com');
  await page.goto(`${app.url}/videos`);
  await page.getByRole('link', { name: TITLE }).first().click();
  await expect(page).toHaveURL(/\/videos\/[0-9a-f-]{36}$/);
  const videoId = /\/videos\/([0-9a-f-]{36})$/.exec(page.url())?.[1];
  expect(videoId).toBeTruthy();
  await page.getByRole('link', { name: 'License this video' }).click();

  await page.getByRole('radio', { name: /Editorial: web and social/ }).check();
  await expect(
    page.getByTestId('license-type').filter({ hasText: 'Editorial: web and social' }),
  ).toContainText('€49.00');
  await page.getByRole('button', { name: 'Next' }).click();
  await page
    .getByLabel('Where and how will you use the video?')
    .fill('A science story on our news website and its social media accounts, Cyprus.');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('textbox', { name: /^Address/ }).fill('12 Makariou Avenue');
  await page.getByRole('textbox', { name: /^City/ }).fill('Nicosia');
  await page.getByRole('textbox', { name: /^Postal code/ }).fill('1065');
  await page.getByRole('button', { name: 'Add address' }).click();
  await expect(page.getByRole('radio', { name: /12 Makariou Avenue/ })).toBeChecked();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('checkbox', { name: /I accept the license terms/ }).check();
  await page.getByRole('button', { name: 'Send request' }).click();

  // A fixed price needs no quote: the request waits for payment at once.
  await expect(page).toHaveURL(/\/me\/licenses\/[0-9a-f-]{36}$/);
  const requestId = page.url().split('/').at(-1)!;
  await page.getByRole('link', { name: 'Pay €49.00' }).click();
  await expect(page.getByRole('heading', { name: 'Pay for video license' })).toBeVisible();
  await expect(page.getByText('Test mode — no money moves')).toBeVisible();
  await page.getByRole('button', { name: 'Pay €49.00' }).click();

  await expect(page).toHaveURL(/\/payments\/sandbox\/cs_sbx_/);
  // The buyer leaves the checkout unpaid: the request offers paying again (and cancelling), not a wait.
  await page.goto(`${app.url}/me/licenses/${requestId}`);
  await expect(page.getByTestId('license-status-text')).toContainText('Payment is being processing...');
  await expect(page.getByRole('button', { name: 'Cancel request' })).toBeVisible();
  for (const width of [375, 1300]) {
    await page.setViewportSize({ width, height: 900 });
    await page.reload();
    await expect(page.getByRole('button', { name: 'Cancel request' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`checkout-left-${width}.png`), fullPage: true });
  }
  await page.getByRole('link', { name: 'Pay again €49.00' }).click();
  await page.getByRole('button', { name: 'Pay again €49.00' }).click();
  await expect(page).toHaveURL(/\/payments\/sandbox\/cs_sbx_/);
  await expect(page.getByTestId('sandbox-amount')).toHaveText('€49.00');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  // Back on the request, as Stripe's success URL would bring the buyer; the page hears the payment live.
  await expect(page).toHaveURL(`${app.url}/me/licenses/${requestId}`);
  await expect(page.getByTestId('license-status-text')).toContainText('Video is licensed!', {
    timeout: 30_000,
  });

  // The original: the page's link gives a download whose bytes are the stored upload's.
  const download = page.getByRole('link', { name: 'Download original' });
  const original = await page.request.get(
    new URL((await download.getAttribute('href'))!, app.url).toString(),
  );
  expect(original.status()).toBe(200);
  expect(original.headers()['content-disposition']).toContain('attachment;');
  const originals = path.join(app.dataDir, 'files', 'videos');
  const stored = (await fs.readdir(originals)).find((name) => name.startsWith(videoId!));
  const sha = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');
  expect(sha(await original.body())).toBe(sha(await fs.readFile(path.join(originals, stored!))));

  const certificateLink = page.getByRole('link', { name: 'License certificate' });
  const certificate = await page.request.get(
    new URL((await certificateLink.getAttribute('href'))!, app.url).toString(),
  );
  expect(certificate.status()).toBe(200);
  expect(certificate.headers()['content-type']).toBe('application/pdf');
  expect((await certificate.body()).subarray(0, 4).toString()).toBe('%PDF');

  // The video page now plays her the original, without the watermark she paid to be rid of.
  const originalNote =
    'You are watching the original file, shown only to its owner, staff and license holders.';
  const previewNote = 'Watermarked preview. The original file comes with a license.';
  // It says she holds a license, with the original and the certificate; licensing again is secondary.
  await page.goto(`${app.url}/videos/${videoId}`);
  await expect(page.getByText(originalNote)).toBeVisible();
  const held = page.getByTestId('held-licenses');
  await expect(held).toContainText('You hold a license for this video');
  await expect(held).toContainText('Editorial: web and social, since');
  await expect(held.getByRole('link', { name: 'Download original' })).toHaveAttribute(
    'href',
    `/api/license-requests/${requestId}/download`,
  );
  await expect(held.getByRole('link', { name: 'License certificate' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Request another license' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'License this video' })).toHaveCount(0);
  // What the file itself says, now hers to rely on: the phone it was filmed on, agreeing with the details.
  const fromFile = page.getByRole('region', { name: 'From the file' });
  await expect(fromFile).toContainText('Apple iPhone 15 Pro');
  await expect(fromFile).toContainText("The file's date and place agree with what the creator gave.");
  await expect(fromFile).toContainText('No earlier video on the platform matches its frames.');
  for (const width of [375, 1300]) {
    // Loaded at that width, as a phone would: a page narrowed in place keeps the wide layout's offsets.
    await page.setViewportSize({ width, height: 900 });
    await page.reload();
    await expect(held).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`held-license-${width}.png`), fullPage: true });
  }
  await page.goBack();

  // A license manager refunds the sale, with a reason the buyer reads.
  const admin = await signedInPage(browser, app, 'admin@example.com');
  await admin.goto(`${app.url}/admin/license_requests/${requestId}`);
  await expect(admin.getByText(/^Refundable until /)).toBeVisible();
  const refundButton = admin.getByRole('button', { name: 'Refund' });
  const dialog = admin.getByRole('dialog', { name: 'Refund this sale?' });
  // Kept after all: the dialog closes and gives focus back to the button that opened it
  await refundButton.click();
  await dialog.getByRole('button', { name: 'Keep the sale' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(refundButton).toBeFocused();
  await refundButton.click();
  await dialog.getByRole('button', { name: 'Refund €49.00' }).click();
  await expect(dialog.getByText('Give the buyer a reason.')).toBeVisible();
  await dialog.getByLabel(/^Reason for the buyer/).fill('The footage was licensed twice by mistake.');
  await dialog.getByRole('button', { name: 'Refund €49.00' }).click();
  await expect(admin.getByText('The sale was refunded.')).toBeVisible();
  await expect(admin.getByTestId('license-refund')).toContainText('Refunded on');
  // A refunded sale reads "Refunded", not "Cancelled"
  await expect(admin.getByTestId('license-status-text')).toContainText(
    'Refunded: the payment went back to the buyer.',
  );
  await expect(admin.getByRole('button', { name: 'Refund' })).toHaveCount(0);
  // The buyer's open page hears the refund live (a toast lives 8 s: looked at before the audit log).
  await expect(page.getByText('Your license was refunded: the payment goes back to you.')).toBeVisible();
  // The audit log says it in words: the action, the status labels and the amount as money.
  await admin.goto(`${app.url}/admin/audit`);
  const entry = admin.getByTestId('audit-entry').first();
  await expect(entry).toContainText('License refunded');
  await expect(entry).toContainText('Status: Completed → Refunded');
  await expect(entry).toContainText('Refunded: — → €49.00');
  await expect(entry).not.toContainText('refundedCents');
  for (const width of [375, 1300]) {
    await admin.setViewportSize({ width, height: 900 });
    await admin.reload();
    await expect(entry).toContainText('License refunded');
    await admin.screenshot({ path: test.info().outputPath(`audit-${width}.png`) });
  }
  await admin.context().close();

  // The buyer's page shows the refund's reason; the original and the certificate are no longer hers.
  await expect(page.getByTestId('license-refund')).toContainText(
    'The footage was licensed twice by mistake.',
  );
  await expect(page.getByRole('link', { name: 'Download original' })).toHaveCount(0);
  for (const file of ['download', 'certificate']) {
    const refused = await page.request.get(`${app.url}/api/license-requests/${requestId}/${file}`);
    expect(refused.status(), file).toBeGreaterThanOrEqual(400);
  }
  await expect(page.getByTestId('license-status-text')).toContainText('This license was refunded');
  await page.goto(`${app.url}/videos/${videoId}`);
  await expect(page.getByText(previewNote)).toBeVisible();
  await expect(page.getByTestId('held-licenses')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'License this video' })).toBeVisible();
  // A refunded license no longer shows what the file says.
  await expect(page.getByRole('region', { name: 'From the file' })).toHaveCount(0);
  // Her history names the counter-row of her purchase a refund
  await page.goto(`${app.url}/me/transactions`);
  await expect(page.getByTestId('ledger-row').first()).toContainText('Refund: ');
});
