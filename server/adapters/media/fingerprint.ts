import { spawn } from 'node:child_process';
import { ffmpegPath, UPLOADED_INPUT } from './ffmpeg';
import { type FrameHash, frameHashes } from './frame-hash';

/**
 * A video's fingerprint: a perceptual hash of frames sampled at a fixed rate (issue 33's near-duplicate
 * detection), which stays close when the picture is re-encoded, resized, letterboxed or trimmed, and
 * differs for other pictures. The method is the one PDQ and pHash publish: a grey, downscaled frame, its
 * lowest 8x8 DCT frequencies, one bit per frequency above their median (frame-hash.ts).
 */
export interface Fingerprint {
  /** Frames per second sampled. */
  rate: number;
  /** One entry per sampled frame, in order; null where a frame is flat (black, one colour): no picture to compare. */
  frames: (FrameHash | null)[];
  /** The same of the picture flipped left to right: what a mirrored copy's frames would be. */
  mirrored: (FrameHash | null)[];
  /**
   * For each frame, the bits of its hash (and of its mirror image's) that a re-encode leaves alone: what
   * this video is compared on when it is the new one. Not stored.
   */
  reliable: (bigint | null)[];
  mirroredReliable: (bigint | null)[];
}

/** Two frames a second: a clip of a few seconds still has a run of frames to match. */
export const FINGERPRINT_RATE = 2;
/** The grey frames ffmpeg hands over: large enough to find black bars, small enough to cost nothing. */
export const GREY_SIDE = 64;
/** A fingerprint longer than an hour of video samples it less often: its size and matching stay bounded. */
const MAX_FRAMES = 7200;
const TIMEOUT_MS = 30 * 60_000;

/**
 * Samples `rate` frames a second of a file on local disk through the bundled ffmpeg, each shown at its
 * display aspect, squeezed to GREY_SIDE x GREY_SIDE grey, and hashes them as they arrive (the frames are
 * never all in memory). Throws when ffmpeg fails: a file that got this far has been probed as a video.
 */
export async function fingerprintOf(
  file: string,
  durationSeconds: number | null,
  rate = FINGERPRINT_RATE,
): Promise<Fingerprint> {
  const sampled =
    durationSeconds && durationSeconds * rate > MAX_FRAMES ? MAX_FRAMES / durationSeconds : rate;
  const frameBytes = GREY_SIDE * GREY_SIDE;
  const child = spawn(
    ffmpegPath,
    [
      ...['-hide_banner', '-loglevel', 'error', ...UPLOADED_INPUT, '-i', file, '-an', '-sn'],
      ...['-vf', `fps=${sampled},scale=${GREY_SIDE}:${GREY_SIDE}:flags=area,format=gray`],
      ...['-f', 'rawvideo', 'pipe:1'],
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], timeout: TIMEOUT_MS },
  );
  const fingerprint: Fingerprint = {
    rate: sampled,
    frames: [],
    mirrored: [],
    reliable: [],
    mirroredReliable: [],
  };
  let pending: Buffer = Buffer.alloc(0);
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-2000);
  });
  const ended = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    let offset = 0;
    for (; offset + frameBytes <= pending.length; offset += frameBytes) {
      const hashes = frameHashes(pending.subarray(offset, offset + frameBytes), GREY_SIDE);
      fingerprint.frames.push(hashes?.hash ?? null);
      fingerprint.mirrored.push(hashes?.mirrored ?? null);
      fingerprint.reliable.push(hashes?.reliable ?? null);
      fingerprint.mirroredReliable.push(hashes?.mirroredReliable ?? null);
    }
    pending = pending.subarray(offset);
  }
  const code = await ended;
  if (code !== 0) throw new Error(`ffmpeg could not sample the frames (${code}): ${errors.trim()}`);
  return fingerprint;
}
