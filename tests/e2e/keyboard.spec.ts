import type { Locator, Page } from '@playwright/test';
import { type RunningApp, startApp } from './app-server';
import { appTookOver, demoPassword, SIGN_IN_ANSWER } from './journey-steps';
import { expect, test } from './test';

/**
 * Without a mouse: sign-in, search and the upload form with Tab, Shift+Tab, Enter, Space and typing only
 * (no click anywhere), the keyboard focus always visible, and focus back on the opener when a modal closes.
 */
let app: RunningApp;
test.beforeAll(async () => {
  app = await startApp();
});
test.afterAll(async () => {
  await app?.stop();
});

/** Presses Tab (or Shift+Tab) until the target has the focus, as a keyboard user moves through a page. */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}): Promise<void> {
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
}

/** The focused control shows a ring: an outline (buttons, links, switches) or the input's focus border. */
async function expectFocusVisible(target: Locator): Promise<void> {
  const ring = await target.evaluate((element) => {
    const style = getComputedStyle(element);
    return { outline: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
  });
  expect(ring.outline).not.toBe('none');
  expect(ring.width).toBeGreaterThanOrEqual(1);
}

for (const width of [375, 1300]) {
  test(`sign in, search and fill the upload form with the keyboard only at ${width} px`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height: 900 });
    await page.goto(app.url);
    await appTookOver(page);

    // Sign in: the header's button, then the overlay's fields; Enter sends the form.
    const signIn = page.getByRole('link', { name: 'Sign in' });
    await tabTo(page, signIn);
    await expectFocusVisible(signIn);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await tabTo(page, dialog.getByLabel('Email'));
    await page.keyboard.type('maria@example.com');
    await tabTo(page, dialog.getByLabel(/^Password/));
    await page.keyboard.type(await demoPassword(app));
    await page.keyboard.press('Enter');
    await expect(page.getByText('Welcome back!')).toBeVisible(SIGN_IN_ANSWER);
    await expect(dialog).toBeHidden();

    // Search: the header's box on a wide screen; on a phone its icon opens the search page's picker.
    if (width < 750) {
      const opener = page.getByRole('link', { name: 'Search videos' });
      await tabTo(page, opener);
      await expectFocusVisible(opener);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/videos\/search$/);
      await tabTo(page, page.getByRole('combobox', { name: 'Keywords' }).first());
      await page.keyboard.type('sea');
      await page.keyboard.press('Enter');
      await tabTo(page, page.getByRole('button', { name: 'Search', exact: true }).first());
      await page.keyboard.press('Enter');
    } else {
      await tabTo(page, page.getByRole('textbox', { name: 'Search videos' }));
      await page.keyboard.type('sea');
      await page.keyboard.press('Enter');
    }
    await expect(page).toHaveURL(/\/videos\/search\/sea$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // The problem report: opened with Enter, closed with Escape, the focus back on its button.
    const report = page.getByRole('button', { name: 'Report a problem' });
    await tabTo(page, report, { back: true, max: 80 });
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(report).toBeFocused();

    // The upload form, field by field; the signature typed, not drawn.
    await page.goto(`${app.url}/videos/upload`);
    const title = page.getByLabel('Title');
    await tabTo(page, title);
    await page.keyboard.type('Harbour by keyboard');
    await tabTo(page, page.getByLabel('Description'));
    await page.keyboard.type('Filmed and sent without a mouse.');
    // Back up one field with Shift+Tab and on again: the order is the visual order.
    await page.keyboard.press('Shift+Tab');
    await expect(title).toBeFocused();
    const typeInstead = page.getByRole('switch', { name: 'Type your name instead' });
    await tabTo(page, typeInstead);
    await expectFocusVisible(typeInstead);
    await page.keyboard.press('Space');
    await expect(typeInstead).toBeChecked();
    await tabTo(page, page.getByLabel('Your full name'));
    await page.keyboard.type('Maria Papadopoulou');
    await expect(page.getByText('Signed', { exact: true })).toBeVisible();
    const agree = page.getByLabel('I have read the license agreement above and I agree to it');
    await tabTo(page, agree);
    await page.keyboard.press('Space');
    await expect(agree).toBeChecked();
    // Sent without a file: the form names what is missing, the signature is not among it.
    const submit = page.getByRole('button', { name: 'Submit video' });
    await tabTo(page, submit);
    await expectFocusVisible(submit);
    await page.keyboard.press('Enter');
    await expect(
      page.getByText(
        'Form validation is failed! In order to proceed please check all fields and fill them correctly',
      ),
    ).toBeVisible();
    await expect(page.getByText('Please sign in the box')).toBeHidden();
    await expect(page.getByText('Title is required')).toBeHidden();
  });
}
