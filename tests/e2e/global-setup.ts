import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildServer } from '../../scripts/build-server';
import { DATA_TEMPLATE_ENV } from './app-server';
import { makeDataTemplates, removeDataTemplates, templatesEnv } from './data-template';

/** The folder where the accessibility check marks the screens it has checked (tests/e2e/test.ts). */
export const A11Y_SCREENS_ENV = 'E2E_A11Y_SCREENS';

/**
 * The run gets a folder of its own, which the workers, the apps they start and their browsers take as
 * their temporary folder (TMPDIR): every journey's data directory, upload and browser profile goes with
 * it when the run ends, whatever a journey left behind.
 *
 * Creating and seeding a database takes tens of seconds on a busy machine: it is done once per engine, into
 * the data templates (tests/e2e/data-template.ts) each journey's `startApp` begins from a copy of. A run
 * handed templates (E2E_DATA_TEMPLATE: `npm test` makes them beside the build) reuses them, and the server
 * already built.
 *
 * The server is built here (a second or so) so that a journey never runs a build older than the sources.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  // A short name: Chromium's socket path inside it must stay under 108 characters, nested runs included.
  const runDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cm-e2e-'));
  process.env.TMPDIR = runDir;
  process.env[A11Y_SCREENS_ENV] = path.join(runDir, 'a11y-screens');
  await fs.mkdir(process.env[A11Y_SCREENS_ENV]);
  // Templates made here are this run's to remove; those handed in belong to whoever made them.
  const templates = process.env[DATA_TEMPLATE_ENV]
    ? null
    : await buildServer().then(() => makeDataTemplates());
  if (templates) Object.assign(process.env, templatesEnv(templates));
  return async () => {
    if (templates) await removeDataTemplates(templates);
    await fs.rm(runDir, { recursive: true, force: true });
  };
}
