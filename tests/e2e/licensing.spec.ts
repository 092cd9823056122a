import type { Browser, Page } from '@playwright/test';
import { type RunningApp, startApp } from './app-server';
import { signedInPage } from './journey-steps';
import { expect, test } from './test';

/**
 * Licensing (SPEC 2.6, 4.2): a "price by request" request through the four steps; a manager's message
 * and quote reach the buyer's open page live, and the buyer pays the quote; a buyer cancels an open request.
 * The first two share one app (a new request of Andreas's, and Eleni's seeded one paid); the cancel
 * needs Eleni's request still open, so it runs on a copy of its own.
 */
let app: RunningApp;
let own: RunningApp | undefined;
test.beforeAll(async () => {
  app = await startApp();
});
// biome-ignore lint/correctness/noEmptyPattern: Playwright wants its fixtures destructured, even when none is used
test.afterEach(async ({}, info) => {
  if (info.status !== info.expectedStatus) console.log((own ?? app).output().slice(-4000));
  await own?.stop();
  own = undefined;
});
test.afterAll(async () => {
  await app?.stop();
});

/** The buyer's page of their seeded open request for "Fractal bloom over the marina lights". */
async function openFractalRequest(browser: Browser, running: RunningApp): Promise<Page> {
  const buyer = await signedInPage(browser, running, 'eleni@example.com');
  await buyer.goto(`${running.url}/me/licenses?status=open`);
  await buyer.getByRole('link', { name: 'Fractal bloom over the marina lights' }).click();
  await expect(buyer.getByTestId('license-status-text')).toContainText(
    'Please wait, our manager will contact you soon',
  );
  return buyer;
}

test('a "price by request" license request through the four steps, values kept when going back', async ({
  browser,
}) => {
  // Andreas is verified and has no billing address yet: he adds one inside the third step.
  const page = await signedInPage(browser, app, 'andreas@example.com');
  await page.goto(`${app.url}/videos`);
  await page.getByRole('link', { name: 'Rule 110: a cellular automaton' }).first().click();
  await page.getByRole('link', { name: 'License this video' }).click();

  await expect(page.getByRole('heading', { name: 'License this video' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Choose a license type.')).toBeVisible();
  await page.getByRole('radio', { name: /Commercial/ }).check();
  await expect(page.getByTestId('license-type').filter({ hasText: 'Commercial' })).toContainText(
    'Price by request',
  );
  await page.getByRole('button', { name: 'Next' }).click();

  const usage = 'A documentary about mathematics on national television, Cyprus only, for two years.';
  await page.getByLabel('Where and how will you use the video?').fill('Too short');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(/at least 20 characters/)).toBeVisible();
  await page.getByLabel('Where and how will you use the video?').fill(usage);
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { name: 'Add your billing address' })).toBeVisible();
  await page.getByRole('textbox', { name: /^Address/ }).fill('3 Anexartisias Street');
  await page.getByRole('textbox', { name: /^City/ }).fill('Limassol');
  await page.getByRole('textbox', { name: /^Postal code/ }).fill('3036');
  await page.getByRole('button', { name: 'Add address' }).click();
  await expect(page.getByRole('radio', { name: /3 Anexartisias Street/ })).toBeChecked();
  await page.getByRole('button', { name: 'Next' }).click();

  // Back to the start and forward again: every step kept its value.
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Where and how will you use the video?')).toHaveValue(usage);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('radio', { name: /Commercial/ })).toBeChecked();
  for (let step = 0; step < 3; step++) await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByText(usage)).toBeVisible();
  await expect(page.getByText('Price by request')).toBeVisible();
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('You have to accept the license terms in order to proceed.')).toBeVisible();
  await page.getByRole('checkbox', { name: /I accept the license terms/ }).check();
  await page.getByRole('button', { name: 'Send request' }).click();

  await expect(page).toHaveURL(/\/me\/licenses\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('license-status-text')).toContainText(
    'Please wait, our manager will contact you soon',
  );
  await expect(page.getByTestId('license-price')).toHaveText('Price by request');
  await expect(page.getByText('3 Anexartisias Street')).toBeVisible();
  await page.goto(`${app.url}/me/licenses`);
  await expect(page.getByTestId('license-row').first()).toContainText('Rule 110: a cellular automaton');
  await expect(page.getByTestId('license-row').first()).toContainText('Open');
});

test("a manager's message and quote reach the buyer's open page live, and the buyer pays", async ({
  browser,
}) => {
  const buyer = await openFractalRequest(browser, app);
  const requestUrl = new URL(buyer.url());
  const id = requestUrl.pathname.split('/').pop() ?? '';

  const manager = await signedInPage(browser, app, 'admin@example.com');
  await manager.goto(`${app.url}/admin/license_requests`);
  await manager.getByLabel('Search', { exact: true }).fill('Fractal');
  // The list is filtered once it holds only that request: a click on the unfiltered list as it is being
  // replaced lands on nothing.
  const found = manager.getByRole('main').getByRole('link');
  await expect(found).toHaveText(['Fractal bloom over the marina lights']);
  await found.click();
  await expect(manager).toHaveURL(new RegExp(`/admin/license_requests/${id}$`));
  await expect(manager.getByText('Could we also use a 4K version of the original')).toBeVisible();

  await manager.getByLabel('Your message').fill('Yes: the 4K master comes with the license.');
  await manager.getByLabel('Your message').press('Enter');
  await expect(
    buyer.getByTestId('license-message').filter({ hasText: 'the 4K master comes with' }),
  ).toBeVisible();
  await expect(buyer.getByTestId('license-message').last()).toContainText('License manager');

  // Zero is refused with a message, never rounded up to the minimum and sent.
  await manager.getByLabel('Price (EUR)').fill('0');
  await manager.getByRole('button', { name: 'Send quote' }).click();
  await expect(manager.getByText('Enter a price above zero with at most two decimals')).toBeVisible();
  await expect(buyer.getByTestId('license-status-text')).not.toContainText('priced at');
  // Nor is a fraction of a cent rounded: the price is what the manager typed, or a message.
  await manager.getByLabel('Price (EUR)').fill('249.995');
  await manager.getByRole('button', { name: 'Send quote' }).click();
  await expect(manager.getByText('Enter a price above zero with at most two decimals')).toBeVisible();
  await manager.getByLabel('Price (EUR)').fill('250');
  await manager.getByRole('button', { name: 'Send quote' }).click();
  await expect(manager.getByText('The price was sent to the buyer.')).toBeVisible();

  // Without a reload: the status, the price and the way to pay.
  await expect(buyer.getByTestId('license-status-text')).toContainText('Your license is priced at €250.00');
  await expect(buyer.getByText('Your license request has a price: you can pay now.')).toBeVisible();
  const pay = buyer.getByRole('link', { name: 'Pay €250.00' });
  await expect(pay).toHaveAttribute('href', `/me/licenses/${id}/pay`);
  await expect(buyer.getByTestId('license-price')).toHaveText('€250.00');

  // The buyer pays the quoted price in the sandbox checkout, and the license is theirs.
  await pay.click();
  await buyer.getByRole('button', { name: 'Pay €250.00' }).click();
  await expect(buyer.getByTestId('sandbox-amount')).toHaveText('€250.00');
  await buyer.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(buyer).toHaveURL(requestUrl.toString());
  await expect(buyer.getByTestId('license-status-text')).toContainText('Video is licensed!', {
    timeout: 30_000,
  });
  await expect(buyer.getByRole('link', { name: 'Download original' })).toBeVisible();
});

test('a buyer cancels an open request', async ({ browser }) => {
  own = await startApp();
  const buyer = await openFractalRequest(browser, own);
  await buyer.getByRole('button', { name: 'Cancel request' }).click();
  const dialog = buyer.getByRole('dialog', { name: 'Cancel this license request?' });
  await dialog.getByRole('button', { name: 'Keep it' }).click();
  await expect(dialog).toBeHidden();
  await buyer.getByRole('button', { name: 'Cancel request' }).click();
  await buyer.getByRole('dialog').getByRole('button', { name: 'Cancel request' }).click();
  await expect(buyer.getByTestId('license-status-text')).toContainText('License request had been cancelled');
  await expect(buyer.getByText('The license request was cancelled.')).toBeVisible();
  await expect(buyer.getByRole('button', { name: 'Cancel request' })).toHaveCount(0);
  await expect(buyer.getByText('The request is cancelled: its conversation is closed.')).toBeVisible();
  await buyer.goto(`${own.url}/me/licenses?status=cancelled`);
  await expect(buyer.getByTestId('license-row').filter({ hasText: 'Fractal bloom' })).toContainText(
    'Cancelled',
  );
});
