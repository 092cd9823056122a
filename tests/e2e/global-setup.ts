import fs from 'node:fs/promises';
import { DATA_TEMPLATE_ENV, startApp } from './app-server';

/**
 * Creating and seeding an embedded database takes tens of seconds on a busy machine: do it once. The app
 * starts on a new data directory, seeds the demo data, and stops cleanly (releasing its lock); each
 * journey's `startApp` then begins from a copy of that directory.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const app = await startApp({ fromTemplate: false });
  const code = await app.stop();
  if (code !== 0) throw new Error(`the template app did not stop cleanly (${code}):\n${app.output()}`);
  await fs.rm(`${app.dataDir}/db.lock`, { force: true });
  process.env[DATA_TEMPLATE_ENV] = app.dataDir;
  return () => fs.rm(app.dataDir, { recursive: true, force: true });
}
