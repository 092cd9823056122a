import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bestCopy, type CopyMatch, frameDistance, probeOf } from '../../services/videos/copy-match';
import { ffmpegPath, QUIETLY, renderTestVideo } from './ffmpeg';
import { type Fingerprint, fingerprintOf } from './fingerprint';
import { bitCount, frameHashes, hammingDistance } from './frame-hash';

const run = promisify(execFile);
/** Small sources (the fingerprint sees 64x64 anyway), and time to make them beside a busy suite. */
const SMALL = { audio: false, size: '320x180' };
const SLOW = 120_000;
let dir: string;
let source: string;
let original: Fingerprint;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'fingerprint-'));
  source = path.join(dir, 'fractal.mp4');
  await renderTestVideo('mandelbrot', 10, source, SMALL);
  original = await fingerprintOf(source, 10);
}, SLOW);
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

/** A copy of the source made as a phone, an editor or a messaging app would: ffmpeg with `args`. */
async function copyOf(name: string, args: string[], of = source): Promise<Fingerprint> {
  const file = path.join(dir, `${name}.mp4`);
  await run(ffmpegPath, [
    ...QUIETLY,
    '-i',
    of,
    ...args,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-an',
    file,
  ]);
  return fingerprintOf(file, null);
}

/** The copy's longest run against the source, as it is or mirrored. */
function matchOf(copy: Fingerprint, of = original): CopyMatch | null {
  const direct = bestCopy(probeOf(copy, 'frames'), of.frames, of.rate);
  const mirrored = bestCopy(probeOf(copy, 'mirrored'), of.frames, of.rate);
  if (!direct || !mirrored) return direct ?? mirrored;
  return direct.to - direct.from >= mirrored.to - mirrored.from ? direct : mirrored;
}

describe('fingerprints of near-duplicate videos', { timeout: SLOW }, () => {
  it('samples two frames a second, each with a hash', () => {
    expect(original.rate).toBe(2);
    expect(original.frames).toHaveLength(20);
    expect(original.frames.every((hash) => typeof hash === 'bigint')).toBe(true);
  });

  it.each([
    ['re-encoded small and at a low bitrate', ['-vf', 'scale=160:90', '-b:v', '50k']],
    ['letterboxed into 4:3', ['-vf', 'scale=240:136,pad=240:180:0:22']],
    ['pillarboxed', ['-vf', 'scale=240:136,pad=320:136:40:0']],
    ['cropped by a tenth', ['-vf', 'crop=iw*0.9:ih*0.9']],
    ['with a logo over a corner', ['-vf', 'drawbox=x=5:y=5:w=60:h=25:color=white@0.8:t=fill']],
    ['mirrored', ['-vf', 'hflip']],
    ['at 30 frames a second', ['-r', '30']],
  ])(
    'matches the whole source in a copy re-encoded, boxed, cropped, overlaid, mirrored or at 30 fps: %s',
    async (_, args) => {
      const match = matchOf(await copyOf(args.join('_').replace(/\W+/g, '-'), args));
      expect(match).toMatchObject({ offset: 0, from: 0, candidateFrom: 0 });
      expect(match!.to).toBeGreaterThanOrEqual(18);
      expect(match!.score).toBeGreaterThanOrEqual(0.9);
    },
  );

  it('matches dark, busy footage under a large opaque logo, which outweighed it before the picture was clamped', async () => {
    const life = path.join(dir, 'life.mp4');
    await renderTestVideo('life=seed=1:mold=10:ratio=0.3', 10, life, SMALL);
    const logo = ['-vf', 'drawbox=x=5:y=5:w=60:h=25:color=white@0.8:t=fill'];
    const match = matchOf(await copyOf('life-logo', logo, life), await fingerprintOf(life, 10));
    expect(match).toMatchObject({ offset: 0, from: 0 });
    expect(match!.to).toBeGreaterThanOrEqual(18);
  });

  it('finds a clip cut from the middle of the source at its time there', async () => {
    const match = matchOf(await copyOf('cut', ['-ss', '3', '-t', '5']));
    // 3 s in, at two frames a second; the clip's 5 s are 10 frames
    expect(match?.offset).toBeGreaterThanOrEqual(5);
    expect(match?.offset).toBeLessThanOrEqual(6);
    expect(match!.to - match!.from).toBeGreaterThanOrEqual(8);
  });

  it.each([
    ['life', 'life=seed=7:mold=10:ratio=0.1:death_color=#C83232:life_color=#00ff00'],
    ['a test pattern', 'testsrc2'],
    ['a cellular automaton', 'cellauto=rule=110'],
  ])('does not match other pictures, life, a test pattern or an automaton: %s', async (name, pattern) => {
    const file = path.join(dir, `${name.replace(/\W+/g, '-')}.mp4`);
    await renderTestVideo(pattern, 10, file, SMALL);
    expect(matchOf(await fingerprintOf(file, 10))).toBeNull();
  });
});

describe('the hash of one frame', () => {
  const side = 64;
  const frame = (pixel: (x: number, y: number) => number) =>
    Uint8Array.from({ length: side * side }, (_, i) => pixel(i % side, Math.floor(i / side)));

  it('has none for a flat frame: black, or one colour', () => {
    expect(
      frameHashes(
        frame(() => 0),
        side,
      ),
    ).toBeNull();
    expect(
      frameHashes(
        frame(() => 128),
        side,
      ),
    ).toBeNull();
  });

  it('is the same for a picture and its brighter copy, and far from its negative', () => {
    const picture = frame((x, y) => 40 + ((x * 3 + y * y) % 150));
    const brighter = frame((x, y) => 70 + ((x * 3 + y * y) % 150));
    const negative = frame((x, y) => 215 - ((x * 3 + y * y) % 150));
    const hash = frameHashes(picture, side)!.hash;
    expect(hammingDistance(hash, frameHashes(brighter, side)!.hash)).toBe(0);
    expect(hammingDistance(hash, frameHashes(negative, side)!.hash)).toBeGreaterThan(40);
  });

  it("gives a mirrored copy's hash as its own mirror hash", () => {
    const picture = frame((x, y) => 40 + ((x * x + y * 5) % 150));
    const mirror = frame((x, y) => 40 + (((side - 1 - x) ** 2 + y * 5) % 150));
    expect(
      hammingDistance(frameHashes(picture, side)!.mirrored, frameHashes(mirror, side)!.hash),
    ).toBeLessThanOrEqual(2);
  });

  it('keeps every bit of a card of vertical colour bars through a faint noise: the frequencies it lacks are 0, not coin tosses', () => {
    const bars = [180, 162, 131, 112, 84, 65, 35, 16];
    const card = frame((x) => bars[Math.floor(x / 8)]!);
    const noisy = frame((x, y) => bars[Math.floor(x / 8)]! + (((x * 31 + y * 17) % 5) - 2));
    expect(hammingDistance(frameHashes(card, side)!.hash, frameHashes(noisy, side)!.hash)).toBe(0);
  });

  it('compares a new frame on its reliable bits only, scaled to 64', () => {
    const picture = frame((x, y) => 40 + ((x * 3 + y * y) % 150));
    const { reliable } = frameHashes(picture, side)!;
    const bits = bitCount(reliable);
    expect(bits).toBeGreaterThanOrEqual(32);
    expect(bits).toBeLessThan(64);
    expect(frameDistance(0b1111n, 0b0000n, 0b0011n)).toBe(64);
    expect(frameDistance(0b1111n, 0b0000n, 0b1_0000n)).toBe(0);
    expect(frameDistance(0b1111n, 0b0000n)).toBe(4);
  });

  it('counts the bits that differ', () => {
    expect(hammingDistance(0n, 0n)).toBe(0);
    expect(hammingDistance(0n, (1n << 64n) - 1n)).toBe(64);
    expect(hammingDistance(0b1011n, 0b0110n)).toBe(3);
  });
});
