import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegPath, generated, probeMedia, QUIETLY } from './ffmpeg';

const run = promisify(execFile);
let dir: string;

/** A real camcorder-style file: MPEG-2 video and MP2 audio in an MPEG transport stream. */
async function transportStream(name: string, seconds: number, audio = true): Promise<string> {
  const file = path.join(dir, name);
  await run(ffmpegPath, [
    ...QUIETLY,
    ...generated('testsrc=size=640x360:rate=25'),
    ...(audio ? generated('sine=frequency=440') : []),
    ...['-t', String(seconds), '-c:v', 'mpeg2video', ...(audio ? ['-c:a', 'mp2'] : []), '-f', 'mpegts', file],
  ]);
  return file;
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'probe-'));
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

describe('probeMedia', () => {
  it('reads camcorder MPEG-TS files (.ts, .mts, .m2ts) as videos with their duration', async () => {
    for (const name of ['clip.ts', 'clip.mts', 'clip.m2ts']) {
      const probe = await probeMedia(await transportStream(name, 3));
      expect(probe?.hasVideo, name).toBe(true);
      expect(probe?.durationSeconds, name).toBeGreaterThan(2.5);
      expect(probe?.durationSeconds, name).toBeLessThan(3.5);
    }
  });

  it('reads a silent transport stream too', async () => {
    const probe = await probeMedia(await transportStream('silent.ts', 2, false));
    expect(probe?.hasVideo).toBe(true);
  });

  it('refuses a file that is not media, whichever program reads it', async () => {
    const text = path.join(dir, 'notes.mts');
    await fs.writeFile(text, 'not a video at all\n'.repeat(100));
    expect(await probeMedia(text)).toBeNull();
  });
});
