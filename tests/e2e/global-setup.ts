import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildServer } from '../../scripts/build-server';
import { DATA_TEMPLATE_ENV, startApp } from './app-server';

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

/** The folder where the accessibility check marks the screens it has checked (tests/e2e/test.ts). */
export const A11Y_SCREENS_ENV = 'E2E_A11Y_SCREENS';

/**
 * The run gets a folder of its own, which the workers, the apps they start and their browsers take as
 * their temporary folder (TMPDIR): every journey's data directory, upload and browser profile goes with
 * it when the run ends, whatever a journey left behind.
 *
 * Creating and seeding an embedded database takes tens of seconds on a busy machine: do it once. The app
 * starts on a new data directory, seeds the demo data, and stops cleanly (releasing its lock); each
 * journey's `startApp` then begins from a copy of that directory. A run handed a template (E2E_DATA_TEMPLATE)
 * reuses it, and the server already built.
 *
 * The server is built here (a second or so) so that a journey never runs a build older than the sources.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  // A short name: Chromium's socket path inside it must stay under 108 characters, nested runs included.
  const runDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cm-e2e-'));
  process.env.TMPDIR = runDir;
  process.env[A11Y_SCREENS_ENV] = path.join(runDir, 'a11y-screens');
  await fs.mkdir(process.env[A11Y_SCREENS_ENV]);
  if (!process.env[DATA_TEMPLATE_ENV]) {
    await buildServer();
    const app = await startApp({ fromTemplate: false, startSeconds: 300 });
    await previewsMade(app.url);
    const code = await app.stop();
    if (code !== 0) throw new Error(`the template app did not stop cleanly (${code}):\n${app.output()}`);
    await fs.rm(`${app.dataDir}/db.lock`, { force: true });
    process.env[DATA_TEMPLATE_ENV] = app.dataDir;
  }
  return () => fs.rm(runDir, { recursive: true, force: true });
}
