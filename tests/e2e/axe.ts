import type { Page } from '@playwright/test';
import axe from 'axe-core';

/** WCAG 2.0, 2.1 and 2.2, levels A and AA (axe has no wcag22a tag: 2.2's new A criteria are manual). */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Leaflet's tile images are decorative background pieces of a map drawn by the library (their alt is
 * empty on purpose, and their colours are the map's, not text): the map's own container, its zoom
 * buttons and attribution stay checked.
 */
// A button in its loading state fades its label out under Mantine's 150 ms transition: caught half-way
// the label is a blend of colours nobody reads (the button is busy and refuses clicks); it is checked
// in its normal state on every other pass.
const AXE_EXCLUDE = ['.leaflet-tile-pane', '[data-loading]'];

type AxeWindow = { axe?: typeof axe };

/** axe-core in the page, once per document: a page that navigated starts without it. */
async function inject(page: Page): Promise<void> {
  const present = await page.evaluate(() => typeof (window as AxeWindow).axe?.run === 'function');
  if (!present) await page.evaluate(axe.source);
}

/**
 * axe's WCAG 2.2 A/AA violations on the page as it is now, and the address where axe ran. Run in the page
 * (as @axe-core/playwright's legacy mode does) but injected once per document instead of twice per
 * analysis, and asked for violations only: the passing nodes' details, which axe otherwise builds and
 * sends back, were most of an analysis's time (0.6 s an analysis before, 0.2 s after, on the home page).
 */
export async function runAxe(page: Page): Promise<Pick<axe.AxeResults, 'url' | 'violations'>> {
  await inject(page);
  return page.evaluate(
    async ({ tags, exclude }) => {
      const results = await (window as AxeWindow).axe!.run(
        { exclude: exclude.map((selector) => [selector]) },
        // Only the app's own document: its frames are a PDF (the terms) and YouTube's player, neither ours
        // to check; the frame elements themselves (their titles) are checked in the page. Asking a frame
        // that never answers (a PDF the headless shell downloads instead of showing) failed a loaded run
        // after axe's 60 s wait.
        { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'], iframes: false },
      );
      return { url: results.url, violations: results.violations };
    },
    { tags: WCAG_TAGS, exclude: AXE_EXCLUDE },
  );
}
