/**
 * A first start of the built app on a new data directory, as `npm start` does it (the embedded database
 * created and the demo data seeded): the seconds until it first answers, until a visitor can play the
 * first demo video (its watermarked preview is made), and until every listed demo video plays.
 * Needs a build (`npm run build`).
 *
 *   node --import tsx bench/first-start.ts
 */
import os from 'node:os';
import { startApp } from '../tests/e2e/app-server';

const started = performance.now();
const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
const app = await startApp({ fromTemplate: false, startSeconds: 600 });
console.log(`first answer: ${seconds()} s`);
try {
  const list = (await (await fetch(`${app.url}/api/videos?limit=48`)).json()) as { items: { id: string }[] };
  const waiting = new Set(list.items.map((video) => video.id));
  const total = waiting.size;
  while (waiting.size > 0) {
    for (const id of [...waiting]) {
      const playback = (await (await fetch(`${app.url}/api/videos/${id}/playback`)).json()) as {
        ready?: boolean;
      };
      if (!playback.ready) continue;
      waiting.delete(id);
      if (waiting.size === total - 1) console.log(`first demo video playable: ${seconds()} s`);
    }
    if (performance.now() - started > 600_000)
      throw new Error(`${waiting.size} videos not playable after 10 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  console.log(`all ${total} listed demo videos playable: ${seconds()} s`);
  console.log(`load average (1 min): ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`);
} finally {
  await app.stop();
}
