/**
 * The cost of a preview (issues 17 and 31): a 1-minute 1080p original with sound, made here with ffmpeg's
 * `testsrc2` picture, light sensor-like grain (noise, so it does not compress like a flat test card) and
 * a `sine` tone, at 17 Mbit/s, what a phone records 1080p at (a flat test card at a quality setting
 * would be a few MB, and a heavy grain at CRF 18 over 800 MB: neither is a camera's file). Its preview
 * is then made exactly as the job makes it (`renderPreviewFile`: size probe, watermark, H.264/AAC under
 * `nice`), once with the encoding the job uses and once with each alternative below, and timed.
 *
 *   node --import tsx bench/preview.ts
 *   BENCH_SECONDS=60 BENCH_RUNS=2 node --import tsx bench/preview.ts
 *
 * Prints, per encoding and run, the time to make the preview as a ratio of the clip's duration (1.0 = as
 * long as the clip plays), the preview's size as a ratio of the original's, and its SSIM against the
 * original scaled to the same size (1 = the same picture; the watermark costs every encoding alike).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ffmpegPath } from '../server/adapters/media/ffmpeg';
import { PREVIEW_ENCODING, type PreviewEncoding } from '../server/adapters/media/preview-render';
import { renderPreviewFile } from '../server/jobs/video-preview.job';

const run = promisify(execFile);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const RUNS = Number(process.env.BENCH_RUNS ?? 2);

/** The job's encoding first, then what it was chosen against. */
const CANDIDATES: PreviewEncoding[] = [
  PREVIEW_ENCODING,
  { preset: 'veryfast' },
  { preset: 'veryfast', scaler: 'bicubic' },
  { preset: 'veryfast', scaler: 'fast_bilinear' },
  { preset: 'superfast' },
  { preset: 'ultrafast' },
];
const ENCODINGS = CANDIDATES.filter(
  (encoding, index, all) =>
    all.findIndex((e) => e.preset === encoding.preset && e.scaler === encoding.scaler) === index,
);

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

/** SSIM (all planes) of the preview against the original scaled to its size with lanczos. */
async function ssim(preview: string, source: string, size: { width: number; height: number }) {
  const { stderr } = await run(ffmpegPath, [
    ...['-hide_banner', '-nostats', '-i', preview, '-i', source],
    '-lavfi',
    `[1:v]scale=${size.width}:${size.height}:flags=lanczos,format=yuv420p[ref];[0:v]format=yuv420p[out];[out][ref]ssim`,
    ...['-f', 'null', '-'],
  ]);
  const all = stderr.match(/SSIM .* All:([\d.]+)/);
  if (!all) throw new Error(`no SSIM in ffmpeg's output: ${stderr.slice(-400)}`);
  return Number(all[1]);
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
  console.log(
    '| encoding | run | preview s | time / duration | preview MB | size / original | SSIM | load average |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (let i = 1; i <= RUNS; i++) {
    for (const encoding of ENCODINGS) {
      const runDir = await fs.mkdtemp(path.join(work, 'run-'));
      const started = process.hrtime.bigint();
      const made = await renderPreviewFile(source, runDir, {
        nice: true,
        timeoutMs: 60 * 60 * 1000,
        encoding,
      });
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const load = os.loadavg()[0]!.toFixed(1);
      if ('error' in made) throw new Error(`no preview: ${made.error}`);
      const previewBytes = (await fs.stat(made.file)).size;
      const quality = await ssim(made.file, source, made.size);
      const label = `${encoding.preset}, ${encoding.scaler ?? "ffmpeg's scaler"}${encoding === PREVIEW_ENCODING ? ' (the job)' : ''}`;
      console.log(
        `| ${label} | ${i} | ${seconds.toFixed(1)} | ${(seconds / SECONDS).toFixed(2)} | ${(previewBytes / 1e6).toFixed(1)} | ${(previewBytes / originalBytes).toFixed(3)} | ${quality.toFixed(4)} | ${load} |`,
      );
      await fs.rm(runDir, { recursive: true, force: true });
    }
  }
} finally {
  await fs.rm(work, { recursive: true, force: true });
}
