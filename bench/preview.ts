/**
 * The cost of a preview (issue 17): a 1-minute 1080p original with sound, made here with ffmpeg's
 * `testsrc2` picture, light sensor-like grain (noise, so it does not compress like a flat test card) and
 * a `sine` tone, at 17 Mbit/s, what a phone records 1080p at (a flat test card at a quality setting
 * would be a few MB, and a heavy grain at CRF 18 over 800 MB: neither is a camera's file). Its preview
 * is then made exactly as the job makes it (`renderPreviewFile`: size probe, watermark, H.264/AAC under
 * `nice`), and timed.
 *
 *   node --import tsx bench/preview.ts
 *   BENCH_SECONDS=60 BENCH_RUNS=2 node --import tsx bench/preview.ts
 *
 * Prints the time to make the preview as a ratio of the clip's duration (1.0 = as long as the clip
 * plays) and the preview's size as a ratio of the original's, for each run.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ffmpegPath } from '../server/adapters/media/ffmpeg';
import { renderPreviewFile } from '../server/jobs/video-preview.job';

const run = promisify(execFile);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const RUNS = Number(process.env.BENCH_RUNS ?? 2);

async function original(file: string) {
  await run(ffmpegPath, [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
    ...['-t', String(SECONDS), '-vf', 'noise=alls=6:allf=t'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '17M', '-maxrate', '17M', '-bufsize', '34M'],
    ...['-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '192k', '-shortest', file],
  ]);
}

const work = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-preview-'));
try {
  const source = path.join(work, 'original.mp4');
  console.log(`making a ${SECONDS} s 1080p original ...`);
  await original(source);
  const originalBytes = (await fs.stat(source)).size;
  console.log(
    `original: ${(originalBytes / 1e6).toFixed(1)} MB, load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
  console.log('| run | preview s | time / duration | preview MB | size / original | load average |');
  console.log('|---|---|---|---|---|---|');
  for (let i = 1; i <= RUNS; i++) {
    const runDir = await fs.mkdtemp(path.join(work, 'run-'));
    const started = process.hrtime.bigint();
    const made = await renderPreviewFile(source, runDir, { nice: true, timeoutMs: 60 * 60 * 1000 });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    if ('error' in made) throw new Error(`no preview: ${made.error}`);
    const previewBytes = (await fs.stat(made.file)).size;
    console.log(
      `| ${i} | ${seconds.toFixed(1)} | ${(seconds / SECONDS).toFixed(2)} | ${(previewBytes / 1e6).toFixed(1)} | ${(previewBytes / originalBytes).toFixed(3)} | ${os.loadavg()[0]!.toFixed(1)} |`,
    );
  }
} finally {
  await fs.rm(work, { recursive: true, force: true });
}
