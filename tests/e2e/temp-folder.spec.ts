import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { runCollecting as run, testEnvironment } from '../../scripts/test-env';

/**
 * `npm test` leaves nothing in the system's temporary folder: one route-test file and one journey, each run
 * as `npm test` runs them but with an empty temporary folder of their own, leave it empty. (A run of the
 * whole suite once left 700 MB behind: every journey's data folder and upload.)
 */
test('a route-test file and a journey leave the temporary folder as they found it', async () => {
  test.setTimeout(300_000);
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'tf-'));
  const env = { ...testEnvironment(), TMPDIR: tmp };

  const routes = await run('npx', ['vitest', 'run', '--project', 'embedded', 'server/routes/keywords'], env);
  expect(routes.code, routes.output).toBe(0);
  expect(await fs.readdir(tmp), 'left behind by the route tests').toEqual([]);

  // The journeys' template data folder is handed down, as a run's own journeys get it.
  // Its own output folder: a run empties its output folder first, and this one's belongs to the outer run.
  const journey = await run(
    'npx',
    [
      'playwright',
      'test',
      '--reporter=line',
      '--output=.tmp/temp-folder-check',
      'tests/e2e/search.spec.ts',
      // One journey is enough: each starts the same app, browser and data folder as the others
      '--grep',
      'a search with no results',
    ],
    { ...env, E2E_WORKERS: '1' },
  );
  expect(journey.code, journey.output).toBe(0);
  expect(await fs.readdir(tmp), 'left behind by the journey').toEqual([]);
  await fs.rm(tmp, { recursive: true, force: true });
});
