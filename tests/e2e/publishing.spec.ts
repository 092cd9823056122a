import { type RunningApp, startApp } from './app-server';
import { signedInPage } from './journey-steps';
import { expect, test } from './test';

/**
 * Issue 21 with publishing off (the default): staff approve a video waiting for review, it is ready at
 * once, and a visitor finds it on the home page without a status badge, and it plays. Staff read both
 * steps in the history: their approval, then the automatic step to ready.
 */
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

test('staff approve a waiting video; a visitor finds it on the home page marked Licensable, and it plays', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const title = 'Street festival on Ledra Street';

  // Before review a visitor does not see it.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(app.url);
  await expect(visitor.getByRole('heading', { name: 'Latest videos' })).toBeVisible();
  await expect(visitor.getByRole('article').first()).toBeVisible();
  await expect(visitor.getByRole('article').filter({ hasText: title })).toHaveCount(0);

  const staff = await signedInPage(browser, app, 'eleni@example.com');
  await staff.goto(`${app.url}/video_edits`);
  await staff.getByRole('article', { name: title }).getByRole('button', { name: 'Approve' }).click();
  await expect(staff.getByText(`“${title}” is approved.`)).toBeVisible();

  // Staff see the video "Approved" (ready), and both steps in its history.
  await staff.goto(app.url);
  const staffCard = staff.getByRole('article').filter({ hasText: title });
  await expect(staffCard.getByTestId('video-status')).toHaveText('Approved');
  await staffCard.getByRole('link', { name: title }).click();
  const history = staff.getByRole('region', { name: 'Status history' });
  await expect(history.getByText('Not verified → Approved')).toBeVisible();
  await expect(history.getByText('Approved → Ready')).toBeVisible();
  await expect(history.getByText(/automatically/)).toBeVisible();

  // The visitor finds it on the home page: no review status, only that it can be licensed now; and it plays.
  await visitor.reload();
  const card = visitor.getByRole('article').filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(card.getByText('Licensable')).toBeVisible();
  await expect(visitor.getByTestId('video-status')).toHaveCount(0);
  await expect(visitor.getByText('Processing')).toHaveCount(0);
  await card.getByRole('link', { name: title }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // A visitor plays the watermarked preview (made after processing; the page asks again until it is).
  const player = visitor.locator('video');
  await expect(player).toHaveAttribute('src', /\/api\/files\/previews\//, { timeout: 60_000 });
  await player.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    return element.play();
  });
  await expect
    .poll(() => player.evaluate((element: HTMLVideoElement) => element.currentTime))
    .toBeGreaterThan(0);
});
