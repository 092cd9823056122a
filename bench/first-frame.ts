/**
 * How soon a visitor's preview starts playing on a phone's network (issue 31): each demo video's page
 * opened in Debian's Chromium at 375 px with the network Lighthouse's mobile preset models (150 ms
 * round trip, 1.6 Mbit/s down, 750 kbit/s up): the time from opening the page until the player has the
 * file's index (the play button works), and from pressing play to the first frame shown
 * (`requestVideoFrameCallback`). Needs `npm run build`.
 *
 *   node --import tsx bench/first-frame.ts
 */
import { chromium } from '@playwright/test';
import { startApp } from '../tests/e2e/app-server';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/chromium';

const MOBILE_NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

const app = await startApp();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const { items } = (await (await fetch(`${app.url}/api/videos?limit=48`)).json()) as {
    items: { id: string; title: string }[];
  };
  const times: number[] = [];
  const ready: number[] = [];
  for (const video of items) {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', MOBILE_NETWORK);
    const opened = Date.now();
    await page.goto(`${app.url}/videos/${video.id}`);
    const player = page.locator('video');
    await player.waitFor();
    await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1, null, {
      timeout: 60_000,
    });
    ready.push(Date.now() - opened);
    const ms = await player.evaluate(
      (element: HTMLVideoElement) =>
        new Promise<number>((resolve, reject) => {
          element.muted = true;
          const pressed = performance.now();
          element.requestVideoFrameCallback(() => resolve(performance.now() - pressed));
          element.play().catch(reject);
        }),
    );
    times.push(ms);
    console.log(
      `${video.title.slice(0, 40).padEnd(42)}ready ${String(ready.at(-1)).padStart(6)} ms, first frame ${ms.toFixed(0).padStart(5)} ms`,
    );
    await context.close();
  }
  const summary = (list: number[]) => {
    const sorted = [...list].sort((a, b) => a - b);
    return `median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms, slowest ${sorted.at(-1)!.toFixed(0)} ms`;
  };
  console.log(
    `\n${times.length} previews. From opening the page to a working play button: ${summary(ready)}`,
  );
  console.log(`From pressing play to the first frame: ${summary(times)}`);
} finally {
  await browser.close();
  await app.stop();
}
