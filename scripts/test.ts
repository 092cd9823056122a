/**
 * `npm test`: every check a change must pass, in order, with one summary line at the end.
 * 1. the i18n check (en and el have the same keys)
 * 2. unit and route tests (Vitest) on the embedded database, and on PostgreSQL when TEST_DATABASE_URL is set
 * 3. a production build of the web app, then the browser journeys (Playwright, Debian's Chromium)
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const TMP = '.tmp';
fs.mkdirSync(TMP, { recursive: true });

function run(step: string, command: string, args: string[]): boolean {
  console.log(`\n▶ ${step}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  return result.status === 0;
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

const npx = 'npx';
let passed = 0;
let failed = 0;
let skipped = 0;

const i18nOk = run('i18n check', process.execPath, ['--import', 'tsx', 'scripts/i18n-check.ts']);
i18nOk ? passed++ : failed++;

const vitestFile = `${TMP}/vitest-results.json`;
fs.rmSync(vitestFile, { force: true });
const unitOk = run('unit and route tests', npx, [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestFile}`,
]);
const vitest = readJson<{
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
}>(vitestFile);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + vitest.numTodoTests;
}
if (!unitOk && (!vitest || vitest.numFailedTests === 0)) failed++; // a crash that reported no test

const buildOk = run('web build', npx, ['vite', 'build', '--logLevel', 'warn']);
if (!buildOk) failed++;

if (buildOk) {
  const e2eFile = `${TMP}/playwright-results.json`;
  fs.rmSync(e2eFile, { force: true });
  const e2eOk = run('browser journeys', npx, ['playwright', 'test']);
  const e2e = readJson<{ stats: { expected: number; unexpected: number; flaky: number; skipped: number } }>(
    e2eFile,
  );
  if (e2e) {
    passed += e2e.stats.expected + e2e.stats.flaky;
    failed += e2e.stats.unexpected;
    skipped += e2e.stats.skipped;
  }
  if (!e2eOk && (!e2e || e2e.stats.unexpected === 0)) failed++;
}

console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed === 0 ? 0 : 1);
