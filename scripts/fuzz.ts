/**
 * `npm run fuzz [requests] [seed]`: the fuzz suite of server/routes/fuzz.test.ts, longer than in CI
 * (10,000 requests unless told otherwise; FUZZ_RUNS and FUZZ_SEED work too), on the embedded database.
 * Prints the answers by operation and by status, the 5xx answers, refusals not in our error shape and
 * unexplained row changes, and exits non-zero on any finding or failed test.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

interface Report {
  seed: number;
  sent: number;
  byOperation: Record<string, Record<string, number>>;
  byStatus: Record<string, number>;
  findings: { kind: string; operation: string; detail: string }[];
}

const TMP = '.tmp';
fs.mkdirSync(TMP, { recursive: true });
const reportFile = `${TMP}/fuzz-report.json`;
fs.rmSync(reportFile, { force: true });

const requests = process.argv[2] ?? process.env.FUZZ_RUNS ?? '10000';
const seed = process.argv[3] ?? process.env.FUZZ_SEED;
const result = spawnSync('npx', ['vitest', 'run', '--project', 'embedded', 'server/routes/fuzz.test.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    FUZZ_RUNS: requests,
    FUZZ_REPORT: reportFile,
    ...(seed && { FUZZ_SEED: seed }),
  },
});

if (!fs.existsSync(reportFile)) {
  console.error('fuzz: the test wrote no report (did it start?)');
  process.exit(1);
}
const report = JSON.parse(fs.readFileSync(reportFile, 'utf8')) as Report;
const count = (kind: string) => report.findings.filter((finding) => finding.kind === kind).length;

console.log(`\nfuzz: seed ${report.seed}, ${report.sent} requests\n\nBy operation:`);
const width = Math.max(...Object.keys(report.byOperation).map((operation) => operation.length));
for (const [operation, statuses] of Object.entries(report.byOperation)) {
  const answers = Object.entries(statuses)
    .map(([status, n]) => `${status}: ${n}`)
    .join(', ');
  console.log(`  ${operation.padEnd(width)}  ${answers}`);
}
console.log('\nBy status:');
for (const [status, n] of Object.entries(report.byStatus)) console.log(`  ${status}: ${n}`);
console.log(`\n5xx answers: ${count('5xx')}`);
console.log(`Refusals not in the error shape: ${count('error shape')}`);
console.log(`Unexplained row changes: ${count('rows changed')}`);
for (const finding of report.findings.slice(0, 30)) {
  console.log(`\n[${finding.kind}] ${finding.operation}\n  ${finding.detail}`);
}
if (report.findings.length > 30) console.log(`\n... and ${report.findings.length - 30} more`);

process.exit(report.findings.length > 0 || result.status !== 0 ? 1 : 0);
