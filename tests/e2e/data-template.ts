/**
 * The journeys' data template: a data directory the app created and seeded with the demo data once, which
 * every journey's app starts from a copy of (tests/e2e/app-server.ts). Creating and seeding an embedded
 * database and making the demo videos' previews takes tens of seconds on a busy machine.
 *
 * Run as a script (`npm test` does, at its start, beside the build) it makes the template and prints its
 * folder on its last line; the journeys' global set-up makes one itself when it is handed none.
 *
 * It runs a server build of its own, in `.tmp/template-server`: the template needs the server only, and
 * `npm run build` replaces `dist/server` (and the web app the server would serve) while it runs.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, SERVER_BUILD } from '../../scripts/build-server';
import { TEST_OUTPUT_DIR } from '../../scripts/test-env';
import { startApp } from './app-server';

/**
 * The seed makes the demo videos' previews with their clips: the template is checked to play every one
 * (a preview queued instead would be made in the background, after the site first answers).
 */
async function previewsMade(url: string): Promise<void> {
  const deadline = Date.now() + 300_000;
  const { items } = (await (await fetch(`${url}/api/videos?limit=48`)).json()) as { items: { id: string }[] };
  for (const { id } of items) {
    for (;;) {
      const playback = await fetch(`${url}/api/videos/${id}/playback`);
      if (playback.status === 404 || (await playback.json()).ready) break;
      if (Date.now() > deadline) throw new Error(`the preview of video ${id} was not made in time`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/**
 * Starts the app (the server build given) on a new data directory, seeds it, stops it cleanly, and
 * returns the directory.
 */
export async function makeDataTemplate(server = SERVER_BUILD): Promise<string> {
  const app = await startApp({ fromTemplate: false, startSeconds: 300, server });
  await previewsMade(app.url);
  const code = await app.stop();
  if (code !== 0) throw new Error(`the template app did not stop cleanly (${code}):\n${app.output()}`);
  await fs.rm(path.join(app.dataDir, 'db.lock'), { force: true });
  return app.dataDir;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outdir = path.join(TEST_OUTPUT_DIR, 'template-server');
  await buildServer(outdir);
  const template = await makeDataTemplate(path.join(outdir, 'main.js'));
  await fs.rm(outdir, { recursive: true, force: true });
  console.log(template);
}
