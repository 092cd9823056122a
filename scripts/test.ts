/**
 * `npm test`: every check a change must pass, with one summary line at the end.
 * 1. at once: the production build (web app and server), the journeys' data template (tests/e2e/
 *    data-template.ts) and the unit and route tests (Vitest) on the embedded database, and on PostgreSQL
 *    for the files listed in vitest.config.ts when TEST_DATABASE_URL is set
 * 2. as soon as the build and the template are there: the browser journeys (Playwright, Debian's Chromium)
 *    beside Vitest; as soon as the build is there, the lighter checks: the i18n check (en and el have the
 *    same keys), docs/testing.md lists the tests as they are, typecheck, lint (after the build, so that it
 *    is ready for the journeys sooner)
 * 3. when the first of Vitest and the journeys ends, with TEST_DATABASE_URL set and nginx on the PATH:
 *    docs/deployment.md's proof (scripts/two-instances.ts: two instances of the build behind nginx on one
 *    database and one bucket), beside the other, not beside both
 * 4. when Vitest and the journeys are both done: the tests that time answers (the `timing` project of
 *    vitest.config.ts), beside the end of the deployment proof (which mostly waits: 0.4 of a core) and
 *    nothing else; when all is done, the check that the run left its temporary folder empty (every step
 *    runs with a temporary folder of the run's own, TMPDIR)
 * Much of a journey is waiting (for the browser, the app, a video job), and so is much of Vitest (answer
 * floors, races, timers): together they fill each other's idle moments. Each step's
 * time is printed at the end (bench/README.md keeps the table).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type DataTemplates, removeDataTemplates, templatesEnv } from '../tests/e2e/data-template';
import { TEST_OUTPUT_DIR, testEnvironment } from './test-env';

const TMP = TEST_OUTPUT_DIR;
fs.mkdirSync(TMP, { recursive: true });
// The system's temporary folder as every step sees it: the run's own, which must be empty at its end (a
// run once left 700 MB behind there: every journey's data folder and upload).
const runTmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cm-test-'));
const env: NodeJS.ProcessEnv = { ...testEnvironment(), TMPDIR: runTmp };

interface Step {
  name: string;
  ok: boolean;
  seconds: number;
  /** Core-seconds (user and system) of the step and every process it waited for; null where unmeasured. */
  cpuSeconds: number | null;
  output: string;
}

/**
 * GNU time, where it exists, measures each step's CPU: on two cores that are always full, the CPU a step
 * costs, not its wall time, says what shortening it would give the whole run.
 */
const TIME = '/usr/bin/time';
let cpuFiles = 0;
function measured(
  command: string,
  args: string[],
): { command: string; args: string[]; cpuFile: string | null } {
  if (!fs.existsSync(TIME)) return { command, args, cpuFile: null };
  const cpuFile = path.join(TMP, `step-cpu-${process.pid}-${cpuFiles++}.txt`);
  return { command: TIME, args: ['-q', '-f', '%U %S', '-o', cpuFile, command, ...args], cpuFile };
}
function cpuOf(cpuFile: string | null): number | null {
  if (!cpuFile) return null;
  try {
    const [user, system] = fs.readFileSync(cpuFile, 'utf8').trim().split(/\s+/).slice(-2).map(Number);
    fs.rmSync(cpuFile, { force: true });
    // A step killed by a signal may leave GNU time's line unwritten: no figure rather than "NaN s".
    const seconds = (user ?? Number.NaN) + (system ?? Number.NaN);
    return Number.isFinite(seconds) ? seconds : null;
  } catch {
    return null;
  }
}

/** Runs a command; with `quiet`, its output is kept and shown only if it fails. */
function run(name: string, command: string, args: string[], quiet = false, stepEnv = env): Promise<Step> {
  const started = Date.now();
  if (!quiet) console.log(`\n▶ ${name}`);
  const timed = measured(command, args);
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(timed.command, timed.args, {
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: stepEnv,
    });
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = (Date.now() - started) / 1000;
      const step = { name, ok: code === 0, seconds, cpuSeconds: cpuOf(timed.cpuFile), output };
      if (quiet) console.log(`\n${step.ok ? '✓' : '✗'} ${name} (${step.seconds.toFixed(0)} s)`);
      if (quiet && !step.ok) console.log(output);
      resolve(step);
    });
  });
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

/**
 * The checks run at a lower priority (POSIX `nice`): the two cores are always busy, and the journeys, the
 * run's longest path, get them first; the checks wait for nothing and take what is left. (Not the steps
 * that wait for answers with deadlines: Vitest and the deployment proof.)
 */
const NICE = '/usr/bin/nice';
const yielding = (command: string, args: string[]): [string, string[]] =>
  fs.existsSync(NICE) ? [NICE, ['-n', '10', command, ...args]] : [command, args];

/**
 * For steps that run scripts of ours through tsx (ours, and the build's and lint's npm scripts), which
 * would otherwise leave tsx's cache in the temporary folder: the run's check at its end found it there.
 */
const noTsxCache: NodeJS.ProcessEnv = { ...env, TSX_DISABLE_CACHE: '1' };
const tsx = (name: string, args: string[], priority: 'normal' | 'low' = 'normal') => {
  const node: [string, string[]] = [process.execPath, ['--import', 'tsx', ...args]];
  return run(name, ...(priority === 'low' ? yielding(...node) : node), true, noTsxCache);
};
let passed = 0;
let failed = 0;
let skipped = 0;

const vitestFile = `${TMP}/vitest-results.json`;
const timingFile = `${TMP}/vitest-timing-results.json`;
const e2eFile = `${TMP}/playwright-results.json`;
for (const file of [vitestFile, timingFile, e2eFile]) fs.rmSync(file, { force: true });

const started = Date.now();
// The build first, alone beside Vitest: the journeys wait for it, so the lighter checks start after it.
const build = run('build', 'npm', ['run', '--silent', 'build'], true, noTsxCache);
const checks = build.then(() =>
  Promise.all([
    tsx('i18n check', ['scripts/i18n-check.ts'], 'low'),
    tsx('docs/testing.md current', ['scripts/testing-doc.ts', '--check'], 'low'),
    run('typecheck', ...yielding('npm', ['run', '--silent', 'typecheck']), true),
    run('lint', ...yielding('npm', ['run', '--silent', 'lint']), true, noTsxCache),
  ]),
);
// The journeys' data template (a seeded database and the demo videos' previews) is made beside the build,
// which it does not need: the journeys' set-up would otherwise make it after the build, and wait for it.
const journeyData = tsx('journey data', ['tests/e2e/data-template.ts']);
/** The templates (the script's last line), or null when it failed: the journeys then make their own. */
const templatesOf = (step: Step): DataTemplates | null =>
  step.ok ? (JSON.parse(step.output.trim().split('\n').pop() ?? 'null') as DataTemplates) : null;
// The journeys start as soon as the build and their data are there, beside Vitest: they mostly wait (for
// the browser, the app, a video job) while Vitest mostly computes, so together they keep both cores busy.
const journeys = Promise.all([build, journeyData]).then(([built, data]) => {
  if (!built.ok) return null;
  const templates = templatesOf(data);
  const journeyEnv = templates ? { ...env, ...templatesEnv(templates) } : env;
  return run('browser journeys', 'npx', ['playwright', 'test'], false, journeyEnv);
});
/** Why the deployment proof cannot run here, or null when it can. */
function twoInstancesSkipReason(): string | null {
  if (!process.env.TEST_DATABASE_URL) return 'TEST_DATABASE_URL is not set';
  const onPath = (process.env.PATH ?? '').split(':').some((dir) => dir && fs.existsSync(`${dir}/nginx`));
  return onPath ? null : 'nginx is not on the PATH (Debian: apt-get install nginx-light)';
}
/** A Vitest run of some projects, its report in `report`. */
const vitest = (name: string, projects: string[], report: string) =>
  run(name, 'npx', [
    'vitest',
    'run',
    ...projects.flatMap((project) => ['--project', project]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ]);
const vitestRun = vitest(
  'unit and route tests',
  process.env.TEST_DATABASE_URL ? ['embedded', 'postgres'] : ['embedded'],
  vitestFile,
);
// The deployment proof needs the build; it starts when the first of Vitest and the journeys ends, so that
// it shares the cores with one of them only.
const twoInstances = Promise.all([build, Promise.race([vitestRun, journeys])]).then(([built]) => {
  if (!built.ok) return null;
  const skip = twoInstancesSkipReason();
  if (!skip) return tsx('two instances behind nginx', ['scripts/two-instances.ts']);
  console.log(`\n- two instances behind nginx: skipped, ${skip}`);
  skipped++;
  return null;
});
/**
 * What failed, by name, repeated just above the summary line: CI shows a run's last lines only, and a
 * failure printed twenty minutes earlier is not among them.
 */
const failures: string[] = [];
/** Counts one failure and names it for that list. */
function fail(what: string) {
  failed++;
  failures.push(what);
}

/** Adds a Vitest step's tests to the counts (a crash that reported no test counts as one failure). */
function countVitest(step: Step, report: string) {
  const results = readJson<{
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    testResults: {
      name: string;
      status: string;
      message?: string;
      assertionResults: { fullName: string; status: string }[];
    }[];
  }>(report);
  const namedBefore = failures.length;
  if (results) {
    passed += results.numPassedTests;
    failed += results.numFailedTests;
    skipped += results.numPendingTests + results.numTodoTests;
    for (const file of results.testResults) {
      const where = `${step.name}: ${path.relative(process.cwd(), file.name)}`;
      const failedTests = file.assertionResults.filter((test) => test.status === 'failed');
      for (const test of failedTests) failures.push(`${where} > ${test.fullName}`);
      // A file can fail outside its tests (a hook that timed out): Vitest counts no failed test for it.
      if (file.status === 'failed' && failedTests.length === 0)
        fail(`${where} (${file.message?.split('\n')[0] ?? 'the file failed'})`);
    }
  }
  if (!step.ok && failures.length === namedBefore)
    fail(`${step.name}: the step failed without a failing test (see its output above)`);
}

interface PlaywrightSuite {
  file: string;
  suites?: PlaywrightSuite[];
  specs?: { title: string; line: number; tests: { status: string }[] }[];
}
/** The journeys Playwright reports as failed ('unexpected'), as file:line › title. */
function failedJourneys(suites: PlaywrightSuite[]): string[] {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? [])
      .filter((spec) => spec.tests.some((test) => test.status === 'unexpected'))
      .map((spec) => `browser journeys: ${suite.file}:${spec.line} › ${spec.title}`),
    ...failedJourneys(suite.suites ?? []),
  ]);
}

const vitestStep = await vitestRun;
const steps = [vitestStep, ...(await checks), await build];
for (const check of steps.slice(1)) {
  if (check.ok) passed++;
  else fail(`${check.name}: failed (its output is above)`);
}
countVitest(vitestStep, vitestFile);

// The template was made for this run's journeys: it goes when they are done (or did not run).
const journeyDataStep = await journeyData;
steps.push(journeyDataStep);
if (!journeyDataStep.ok) fail('journey data: failed (its output is above; the journeys made their own)');
const e2eStep = await journeys;
const templates = templatesOf(journeyDataStep);
if (templates) await removeDataTemplates(templates);
if (e2eStep) {
  steps.push(e2eStep);
  const e2e = readJson<{
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
    suites: PlaywrightSuite[];
  }>(e2eFile);
  if (e2e) {
    passed += e2e.stats.expected + e2e.stats.flaky;
    failed += e2e.stats.unexpected;
    skipped += e2e.stats.skipped;
    failures.push(...failedJourneys(e2e.suites));
  }
  if (!e2eStep.ok && (!e2e || e2e.stats.unexpected === 0))
    fail('browser journeys: the step failed without a failing journey (see its output above)');
}

// The machine is full until Vitest and the journeys are both done (the awaits above); the answer times then
// share it with the deployment proof's last minutes only, instead of waiting for them on an idle core.
const timing = vitest('answer times', ['timing'], timingFile);
const twoInstancesStep = await twoInstances;
if (twoInstancesStep) {
  steps.push(twoInstancesStep);
  if (twoInstancesStep.ok) passed++;
  else fail('two instances behind nginx: failed (its output is above)');
}

const timingStep = await timing;
steps.push(timingStep);
countVitest(timingStep, timingFile);

// Every step has ended: whatever is still in the run's temporary folder was left behind.
const leftBehind = fs.readdirSync(runTmp);
if (leftBehind.length === 0) passed++;
else {
  fail('the temporary folder was not empty at the end of the run');
  console.log(`\n✗ the temporary folder is not empty at the end of the run: ${leftBehind.join(', ')}`);
}
fs.rmSync(runTmp, { recursive: true, force: true });

console.log('\nTime per step (wall; CPU, core-seconds):');
const cpu = (seconds: number | null) => (seconds === null ? '' : `${seconds.toFixed(0).padStart(6)} s CPU`);
for (const step of steps)
  console.log(`  ${step.name.padEnd(26)} ${step.seconds.toFixed(0).padStart(5)} s ${cpu(step.cpuSeconds)}`);
const runCpu = process.cpuUsage();
const ownCpu = (runCpu.user + runCpu.system) / 1e6;
const allCpu = steps.reduce((sum, step) => sum + (step.cpuSeconds ?? 0), ownCpu);
console.log(
  `  ${'whole run'.padEnd(26)} ${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s ${cpu(allCpu)}`,
);
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((line) => `  ✗ ${line}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed === 0 ? 0 : 1);
