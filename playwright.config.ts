import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/e2e/chromium';

/** Browser journeys against the built app, in Debian's Chromium (no browser download). */
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  timeout: 90_000,
  // A first screen took over 10 s to draw beside the whole suite on a 2-core machine (two journeys, three
  // Vitest workers, typecheck and lint at once); what a phone sees is held by the budgets of web-budget.
  expect: { timeout: 20_000 },
  // Two journey files at a time, each with its own app and data directory (copied from the template):
  // most of a journey is waiting for the app, the browser or a video job, so two share the cores well.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: '.tmp/playwright-results.json' }]],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    locale: 'en-GB',
    // The a11y sweep's desktop width: a screen it checked is not checked again when a journey visits it.
    viewport: { width: 1300, height: 720 },
    // No trace while recording: it snapshots the page at every action and cost a quarter of the journeys'
    // time. A failure keeps a screenshot; `npx playwright test --trace on <file>` records one to replay.
    trace: 'off',
    screenshot: 'only-on-failure',
    // No fades: axe never reads a colour caught half-way through a transition (the app honours it)
    contextOptions: { reducedMotion: 'reduce' },
  },
  outputDir: '.tmp/playwright-output',
});
