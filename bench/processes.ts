/**
 * The machine's processes as Linux's /proc shows them, for benchmarks that count CPU by process: their
 * parent, command line and CPU so far (user and system).
 */
import fs from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

export interface ProcessRow {
  pid: number;
  parent: number;
  /** When it started, in ticks since boot: with the pid, a process's identity (pids are reused). */
  started: number;
  /** The executable's short name (`comm`). */
  command: string;
  /** The whole command line, or '' for a kernel thread. */
  args: string;
  /** CPU seconds used so far. */
  cpu: number;
  rssKb: number;
}

export function readProcesses(): ProcessRow[] {
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((pid) => {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return [
          {
            pid: Number(pid),
            parent: Number(fields[1]),
            started: Number(fields[19]),
            command: fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim(),
            args: fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim(),
            cpu: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND,
            rssKb: (Number(fields[21]) * 4096) / 1024,
          },
        ];
      } catch {
        return []; // ended while being read
      }
    });
}

/** The whole machine's busy and idle core-seconds since boot (/proc/stat's first line). */
export function machineCpu(): { busy: number; idle: number } {
  const [, ...ticks] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0); // idle and iowait
  const all = ticks.reduce((sum, value) => sum + value, 0);
  return { busy: (all - idle) / TICKS_PER_SECOND, idle: idle / TICKS_PER_SECOND };
}
