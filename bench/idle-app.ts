/**
 * What one instance of the built app costs while nobody uses it: the CPU (user and system, from /proc)
 * of the server process over a minute, once its first start's previews are made, and its memory. Every
 * journey of the suite keeps an app like this open beside the one it drives, and production pays it per
 * instance. Needs a build (`npm run build`) and Linux's /proc.
 *
 *   node --import tsx bench/idle-app.ts [seconds=60]
 */
import os from 'node:os';
import { startApp } from '../tests/e2e/app-server';
import { type ProcessRow, readProcesses } from './processes';

const seconds = Number(process.argv[2] ?? 60);
/** The processes below this one (the app, and any ffmpeg it runs), with their CPU so far in seconds. */
function descendants(): ProcessRow[] {
  const rows = readProcesses();
  const below = new Set([process.pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const row of rows)
      if (below.has(row.parent) && !below.has(row.pid)) {
        below.add(row.pid);
        grew = true;
      }
  }
  return rows.filter((row) => row.pid !== process.pid && below.has(row.pid));
}
const cpuNow = () => descendants().reduce((sum, row) => sum + row.cpu, 0);

const app = await startApp({ fromTemplate: false, startSeconds: 600 });
try {
  // The first start makes the demo previews (ffmpeg): idle means no ffmpeg of the app is left running.
  const settleUntil = Date.now() + 600_000;
  while (descendants().some((row) => row.command === 'ffmpeg') && Date.now() < settleUntil)
    await new Promise((resolve) => setTimeout(resolve, 1000));
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const before = cpuNow();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const used = cpuNow() - before;
  const rssMb = descendants().reduce((sum, row) => sum + row.rssKb, 0) / 1024;
  console.log(
    `idle app: ${used.toFixed(2)} s CPU in ${seconds} s (${((100 * used) / seconds).toFixed(2)} % of a core), ` +
      `resident memory ${rssMb.toFixed(0)} MB`,
  );
  console.log(`load average (1 min): ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`);
} finally {
  await app.stop();
}
