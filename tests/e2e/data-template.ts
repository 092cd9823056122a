/**
 * The journeys' data templates: a data directory the app created and seeded with the demo data once, which
 * every journey's app starts from a copy of (tests/e2e/app-server.ts); and, where PostgreSQL is at hand
 * (TEST_DATABASE_URL), a database seeded the same way with a data directory of its own, which most
 * journeys start from instead (tests/e2e/journey-database.ts). Creating and seeding a database and
 * making the demo videos' previews takes tens of seconds on a busy machine.
 *
 * Run as a script (`npm test` does, at its start, beside the build) it makes the templates and prints
 * them on its last line as JSON ({@link DataTemplates}); the journeys' global set-up makes them itself
 * when it is handed none.
 *
 * It runs a server build of its own, in `.tmp/template-server`: the template needs the server only, and
 * `npm run build` replaces `dist/server` (and the web app the server would serve) while it runs.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, SERVER_BUILD } from '../../scripts/build-server';
import { TEST_OUTPUT_DIR } from '../../scripts/test-env';
import { withDatabase } from '../support/template';
import { DATA_TEMPLATE_ENV, startApp } from './app-server';
import {
  createTemplateDatabase,
  dropTemplateAndCopies,
  POSTGRES_TEMPLATE_ENV,
  type PostgresTemplate,
} from './journey-database';

export interface DataTemplates {
  /** The embedded database's data directory. */
  embedded: string;
  postgres: PostgresTemplate | null;
}

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
 * Starts the app (the server build given) on a new data directory and the database given (embedded when
 * none), seeds it, stops it cleanly, and returns the directory.
 */
async function seeded(server: string, databaseUrl: string | null = null): Promise<string> {
  const app = await startApp({ fromTemplate: false, startSeconds: 300, server, databaseUrl });
  await previewsMade(app.url);
  const code = await app.stop();
  if (code !== 0) throw new Error(`the template app did not stop cleanly (${code}):\n${app.output()}`);
  await fs.rm(path.join(app.dataDir, 'db.lock'), { force: true });
  return app.dataDir;
}

/** Makes the templates, the PostgreSQL one where `postgresUrl` (a server's URL) is given, both at once. */
export async function makeDataTemplates(
  server = SERVER_BUILD,
  postgresUrl = process.env.TEST_DATABASE_URL,
): Promise<DataTemplates> {
  const postgres = async (serverUrl: string): Promise<PostgresTemplate> => {
    const name = await createTemplateDatabase(serverUrl);
    return { serverUrl, name, dataDir: await seeded(server, withDatabase(serverUrl, name)) };
  };
  const [embedded, onPostgres] = await Promise.all([
    seeded(server),
    postgresUrl ? postgres(postgresUrl) : null,
  ]);
  return { embedded, postgres: onPostgres };
}

/** The environment that hands the templates to the journeys. */
export function templatesEnv(templates: DataTemplates): Record<string, string> {
  const env: Record<string, string> = { [DATA_TEMPLATE_ENV]: templates.embedded };
  if (templates.postgres) env[POSTGRES_TEMPLATE_ENV] = JSON.stringify(templates.postgres);
  return env;
}

/** Removes the templates, and every database the journeys' apps copied from the PostgreSQL one. */
export async function removeDataTemplates(templates: DataTemplates): Promise<void> {
  await fs.rm(templates.embedded, { recursive: true, force: true });
  if (!templates.postgres) return;
  await fs.rm(templates.postgres.dataDir, { recursive: true, force: true });
  await dropTemplateAndCopies(templates.postgres.serverUrl, templates.postgres.name);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outdir = path.join(TEST_OUTPUT_DIR, 'template-server');
  await buildServer(outdir);
  const templates = await makeDataTemplates(path.join(outdir, 'main.js'));
  await fs.rm(outdir, { recursive: true, force: true });
  console.log(JSON.stringify(templates));
}
