/**
 * Where a command's CPU goes on this machine, by kind of process: Chromium's renderers and the rest of
 * the browser, the journeys' apps, Vitest's workers, PostgreSQL, ffmpeg, ... and what the whole machine
 * was busy and idle meanwhile (other tenants and the kernel included). Every process is read from /proc
 * once a second; a process's CPU in its last second before it ends is lost, so short-lived ones (an
 * ffprobe) count low. Linux only.
 *
 *   node --import tsx bench/suite-cpu.ts [command ...]     (default: npm test)
 */
import { spawn } from 'node:child_process';
import { machineCpu, type ProcessRow, readProcesses } from './processes';

const command = process.argv.slice(2);
const [program, ...args] = command.length > 0 ? command : ['npm', 'test'];

/** The kind a process is counted under. */
function kindOf(row: ProcessRow): string {
  const { args: line, command: name } = row;
  if (line === '') return `kernel: ${name.replace(/[/:].*$/, '')}`;
  if (/chrom/.test(name) || /chrom/.test(line))
    return line.includes('--type=renderer') ? 'Chromium renderers' : 'Chromium, the rest';
  if (/^postgres/.test(name)) return 'PostgreSQL';
  if (/^ff(mpeg|probe)/.test(name)) return 'ffmpeg and ffprobe';
  if (/vitest/.test(line)) return 'Vitest';
  if (/server\/main\.js|server\/main\.ts/.test(line)) return 'apps (the built server)';
  if (/playwright/.test(line)) return 'Playwright';
  if (/typescript|tsgo/.test(line)) return 'typecheck';
  if (/biome|depcruise|size-check|route-check/.test(line)) return 'lint';
  if (/vite build/.test(line)) return 'build';
  if (/esbuild/.test(name)) return 'esbuild';
  if (/nginx/.test(name)) return 'nginx';
  if (/node/.test(name)) return `node: ${line.split(' ').slice(1, 3).join(' ').slice(0, 60)}`;
  return name;
}

/** CPU seconds by kind since the sampler started; a process already running then counts from then. */
const byKind = new Map<string, number>();
const seen = new Map<string, { kind: string; cpu: number }>();
function sample(first = false) {
  for (const row of readProcesses()) {
    const key = `${row.pid}:${row.started}`;
    let known = seen.get(key);
    if (!known) {
      known = { kind: kindOf(row), cpu: first ? row.cpu : 0 };
      seen.set(key, known);
    }
    byKind.set(known.kind, (byKind.get(known.kind) ?? 0) + row.cpu - known.cpu);
    known.cpu = row.cpu;
  }
}

sample(true);
const machineBefore = machineCpu();
const started = Date.now();
const timer = setInterval(sample, 1000);
const child = spawn(program!, args, { stdio: 'inherit' });
const code = await new Promise<number>((resolve) => child.on('close', (exit) => resolve(exit ?? 1)));
clearInterval(timer);
sample();
const machine = machineCpu();
const wall = (Date.now() - started) / 1000;
const busy = machine.busy - machineBefore.busy;

console.log(`\n${[program, ...args].join(' ')}: ${wall.toFixed(0)} s wall, exit code ${code}`);
console.log(
  `the machine: ${busy.toFixed(0)} core-s busy, ${(machine.idle - machineBefore.idle).toFixed(0)} idle`,
);
for (const [kind, seconds] of [...byKind].sort((a, b) => b[1] - a[1])) {
  if (seconds < 1) continue;
  const share = ((100 * seconds) / busy).toFixed(1);
  console.log(`  ${seconds.toFixed(0).padStart(6)} core-s ${share.padStart(5)} %  ${kind}`);
}
process.exit(code);
