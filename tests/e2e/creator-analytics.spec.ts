import { formatMoney } from '../../common/money';
import { pdfText } from '../support/pdf-text';
import { lineAfter } from '../support/statements';
import { type RunningApp, startApp } from './app-server';
import { appTookOver, signedInPage } from './journey-steps';
import { latestMail } from './outbox';
import { expect, test } from './test';

/**
 * A creator's analytics (issue 35), end to end: a visitor finds a video through search and plays its
 * preview, a buyer licenses it and pays, and the creator sees the view, the request, the sale and the
 * earnings in the totals and on the charts in English and in the tables behind them in Greek; the sale's receipt reaches them, and the month's statement closes on the ledger's balance.
 */
const TITLE = 'Fractal bloom over the marina lights';
const PERSONS_BROWSER =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
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

interface Totals {
  views: number;
  opens: number;
  requests: number;
  sales: number;
  earnings: { currency: string; cents: number }[];
}

test("a visitor's view and a buyer's license show in the creator's analytics, in Greek and English, with the receipt and the month's statement", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const creator = await signedInPage(browser, app, 'andreas@example.com');
  const report = async () =>
    (await (await creator.request.get(`${app.url}/api/me/analytics?period=30d`)).json()) as {
      totals: Totals;
      series: Totals[];
    };
  const before = (await report()).totals;

  // A visitor searches, opens the video from the results and plays its preview for three seconds.
  // As a person's browser names itself: a headless one is a bot, whose views never count.
  const visitor = await browser.newPage({ userAgent: PERSONS_BROWSER });
  await visitor.goto(`${app.url}/videos/search/fractal`);
  await appTookOver(visitor);
  await visitor.getByRole('link', { name: TITLE }).first().click();
  await expect(visitor.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  const viewReported = visitor.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().endsWith('/views'),
  );
  await visitor.locator('video').evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    return element.play();
  });
  expect((await viewReported).status()).toBe(204);
  await visitor.context().close();

  // A buyer with a billing address licenses it and pays in the sandbox checkout.
  const buyer = await signedInPage(browser, app, 'eleni@example.com');
  await buyer.goto(`${app.url}/videos/search/fractal`);
  await buyer.getByRole('link', { name: TITLE }).first().click();
  await buyer.getByRole('link', { name: 'License this video' }).click();
  await buyer.getByRole('radio', { name: /Editorial: web and social/ }).check();
  await buyer.getByRole('button', { name: 'Next' }).click();
  await buyer
    .getByLabel('Where and how will you use the video?')
    .fill('Our evening bulletin and its website.');
  await buyer.getByRole('button', { name: 'Next' }).click();
  await buyer.getByRole('radio', { name: /Nicosia Evening News/ }).check();
  await buyer.getByRole('button', { name: 'Next' }).click();
  await buyer.getByRole('checkbox', { name: /I accept the license terms/ }).check();
  await buyer.getByRole('button', { name: 'Send request' }).click();
  await buyer.getByRole('link', { name: 'Pay €49.00' }).click();
  await buyer.getByRole('button', { name: 'Pay €49.00' }).click();
  await buyer.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(buyer.getByTestId('license-status-text')).toContainText('Video is licensed!', {
    timeout: 30_000,
  });
  await buyer.context().close();

  // The sale's receipt, in the creator's language: the price and their share, never the buyer.
  const receipt = await latestMail(app.dataDir, 'andreas@example.com');
  expect(receipt.subject).toBe(`Πουλήσατε μια άδεια για το «${TITLE}»`);
  expect(receipt.text).toContain(formatMoney(4_900, 'EUR', 'el'));
  expect(receipt.text).not.toContain('eleni');
  const saleLink = receipt.text?.match(/http\S*\/me\/transactions\?sale=\S+/)?.[0];
  expect(saleLink).toBeDefined();

  const { totals: after, series } = await report();
  const todays = series.at(-1)!;
  const euros = (totals: Totals) => totals.earnings.find((amount) => amount.currency === 'EUR')?.cents ?? 0;
  expect(after).toMatchObject({
    views: before.views + 1,
    opens: before.opens + 1,
    requests: before.requests + 1,
    sales: before.sales + 1,
  });
  // The creator's share of €49.00, as the ledger recorded it, is today's.
  expect(euros(after) - euros(before)).toBeGreaterThan(0);
  expect(euros(todays)).toBeGreaterThanOrEqual(euros(after) - euros(before));

  // The creator's page: the totals, and a bar on the sales chart.
  await creator.goto(`${app.url}/me/analytics`);
  await expect(creator.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  await expect(creator.getByTestId('total-views')).toHaveText(String(after.views));
  await expect(creator.getByTestId('total-sales')).toHaveText(String(after.sales));
  await expect(creator.getByTestId('total-EUR')).toHaveText(formatMoney(euros(after), 'EUR', 'en'));
  const chart = (name: string) => creator.getByRole('region', { name, exact: true });
  await expect(chart('Sales').locator('path.recharts-rectangle').first()).toBeVisible();
  await creator.screenshot({ path: test.info().outputPath('analytics-en-1300.png'), fullPage: true });

  // In Greek, the tables behind the charts (what a screen reader reads; the switch shows them to everyone).
  await appTookOver(creator);
  await creator.getByRole('button', { name: 'Language: English' }).click();
  await creator.getByRole('menuitem', { name: 'Ελληνικά' }).click();
  await expect(creator.getByRole('heading', { level: 1, name: 'Στατιστικά' })).toBeVisible();
  await expect(creator.getByTestId('total-EUR')).toHaveText(formatMoney(euros(after), 'EUR', 'el'));
  const today = new Intl.DateTimeFormat('el-GR', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(),
  );
  const todayIn = (name: string) => chart(name).getByRole('row', { name: new RegExp(`^${today} `) });
  await expect(todayIn('Προβολές')).toContainText(String(todays.views));
  await creator.getByRole('switch', { name: 'Πίνακες αντί για γραφήματα' }).check();
  await expect(todayIn('Πωλήσεις')).toContainText(String(todays.sales));
  await expect(todayIn('Αιτήματα άδειας')).toContainText(String(todays.requests));
  await expect(todayIn('Έσοδα σε EUR')).toContainText(formatMoney(euros(todays), 'EUR', 'el'));
  await expect(chart('Αναζητήσεις που οδήγησαν στα βίντεό σας')).toContainText('“fractal”');
  for (const width of [375, 1300]) {
    await creator.setViewportSize({ width, height: 900 });
    await creator.reload();
    await expect(creator.getByTestId('total-views')).toHaveText(String(after.views));
    await creator.screenshot({ path: test.info().outputPath(`analytics-el-${width}.png`), fullPage: true });
  }

  // The receipt's link opens the sale in the history: its one row, then every row on request.
  await creator.goto(saleLink!);
  await expect(creator.getByText('Εμφανίζονται οι συναλλαγές μίας πώλησης.')).toBeVisible();
  await expect(creator.getByTestId('ledger-row')).toHaveCount(1);
  await expect(creator.getByTestId('ledger-row')).toContainText(TITLE);
  await expect(creator.getByTestId('ledger-row')).toContainText(
    formatMoney(euros(after) - euros(before), 'EUR', 'el'),
  );
  for (const width of [375, 1300]) {
    await creator.setViewportSize({ width, height: 900 });
    await creator.screenshot({ path: test.info().outputPath(`sale-el-${width}.png`), fullPage: true });
  }
  await creator.getByRole('button', { name: 'Εμφάνιση όλων των συναλλαγών' }).click();
  await expect(creator).toHaveURL(`${app.url}/me/transactions`);
  await expect(creator.getByText('Εμφανίζονται οι συναλλαγές μίας πώλησης.')).toBeHidden();

  // The month's statement, from the transactions page: it closes on the balance the ledger gives.
  await creator.getByRole('combobox', { name: 'Μήνας' }).click();
  await creator.getByRole('option', { name: /\(έως σήμερα\)$/ }).click();
  const downloading = creator.waitForEvent('download');
  await creator.getByRole('link', { name: 'Λήψη PDF' }).click();
  const statement = pdfText(await (await downloading).createReadStream().then(readAll));
  const balances = (await (await creator.request.get(`${app.url}/api/me/balances`)).json()).balances as {
    currency: string;
    availableCents: number;
    pendingCents: number;
  }[];
  const eur = balances.find((balance) => balance.currency === 'EUR')!;
  expect(lineAfter(statement, 'Υπόλοιπο λήξης')).toBe(
    formatMoney(eur.availableCents + eur.pendingCents, 'EUR', 'el'),
  );
});

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
