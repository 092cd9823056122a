import type { Fingerprint } from '../../adapters/media/fingerprint';
import { bitCount, type FrameHash } from '../../adapters/media/frame-hash';

/**
 * Whether one video's frames are a copy of a stretch of another's (issue 33): the two fingerprints are
 * lined up at an offset (a trimmed clip, or one cut out of a longer video, starts later in its source),
 * and a copy is a run of consecutive frames that nearly all stay within a few bits of their counterpart.
 */

/**
 * At most this many of a frame's 64 bits differ between a frame and its copy (a re-encode flips 0-8; a
 * crop or a caption more), counted on the new frame's reliable bits and scaled to 64: 16 measured best in
 * bench/near-duplicates.ts, where 17 let a distinct pair match.
 */
export const SAME_FRAME_BITS = 16;
/** A run this long, in seconds, at least: a shared second of black or a logo is not a copy. */
export const LEAST_RUN_SECONDS = 3;
/** Of a run's frames, at least this share match (a cut, a caption or a fade breaks some). */
const LEAST_MATCHING_SHARE = 0.75;

export interface CopyMatch {
  /** The candidate's frame index minus the new video's, where they line up. */
  offset: number;
  /** The matching stretch in the new video, and in the candidate, as frame indexes [from, to). */
  from: number;
  to: number;
  candidateFrom: number;
  candidateTo: number;
  /** The share of the stretch's comparable frames that match (0-1). */
  score: number;
  /** The mean distance in bits of the matching frames. */
  meanDistance: number;
}

type Frames = readonly (FrameHash | null)[];

/**
 * The new video's side of a comparison: its frames' hashes and, where known, the bits of each that a
 * re-encode leaves alone (frame-hash.ts). The other side is a stored fingerprint: hashes only.
 */
export interface Probe {
  frames: Frames;
  reliable?: readonly (bigint | null)[];
}

/** A fingerprint's picture as it is, or mirrored (what a copy flipped left to right is compared with). */
export function probeOf(fingerprint: Fingerprint, side: 'frames' | 'mirrored'): Probe {
  return side === 'frames'
    ? { frames: fingerprint.frames, reliable: fingerprint.reliable }
    : { frames: fingerprint.mirrored, reliable: fingerprint.mirroredReliable };
}

/**
 * The bits that differ between a new frame and a stored one, counted where the new frame's bits are
 * reliable and scaled to 64: a frame with few reliable bits (a plain test card) is judged on those.
 */
export function frameDistance(mine: FrameHash, theirs: FrameHash, reliable?: bigint | null): number {
  const differing = mine ^ theirs;
  if (!reliable) return bitCount(differing);
  return (bitCount(differing & reliable) * 64) / bitCount(reliable);
}

/**
 * The longest run of matching frames when `frames[i]` lines up with `candidate[i + offset]`: frames
 * without a hash on either side neither break nor lengthen it. A run ends where the share of matching
 * frames since its start would fall below LEAST_MATCHING_SHARE.
 */
export function runAt(probe: Probe, candidate: Frames, offset: number, rate: number): CopyMatch | null {
  const { frames, reliable } = probe;
  const first = Math.max(0, -offset);
  const last = Math.min(frames.length, candidate.length - offset);
  let best: CopyMatch | null = null;
  let start = -1;
  let compared = 0;
  let matched = 0;
  let distanceSum = 0;
  let lastMatch = -1;
  const close = () => {
    if (start < 0 || matched === 0) return;
    const to = lastMatch + 1;
    if ((to - start) / rate < LEAST_RUN_SECONDS) return;
    if (best && to - start <= best.to - best.from) return;
    best = {
      offset,
      from: start,
      to,
      candidateFrom: start + offset,
      candidateTo: to + offset,
      score: matched / compared,
      meanDistance: distanceSum / matched,
    };
  };
  for (let i = first; i < last; i++) {
    const mine = frames[i];
    const theirs = candidate[i + offset];
    if (mine == null || theirs == null) continue;
    const distance = frameDistance(mine, theirs, reliable?.[i]);
    const matches = distance <= SAME_FRAME_BITS;
    if (start < 0) {
      if (!matches) continue;
      start = i;
      compared = matched = distanceSum = 0;
    }
    compared++;
    if (matches) {
      matched++;
      distanceSum += distance;
      lastMatch = i;
    } else if (matched / compared < LEAST_MATCHING_SHARE) {
      close();
      start = -1;
    }
  }
  close();
  return best;
}

/**
 * The offsets at which frames of the two line up, most often first: each pair of frames within
 * SAME_FRAME_BITS votes for its offset. Every pair is compared: for two fingerprints in memory (tests,
 * the benchmark); the library's index hands over such pairs without comparing everything.
 */
export function likelyOffsets(probe: Probe, candidate: Frames, most = 5): number[] {
  const votes = new Map<number, number>();
  probe.frames.forEach((mine, i) => {
    if (mine == null) return;
    candidate.forEach((theirs, j) => {
      if (theirs != null && frameDistance(mine, theirs, probe.reliable?.[i]) <= SAME_FRAME_BITS)
        votes.set(j - i, (votes.get(j - i) ?? 0) + 1);
    });
  });
  return [...votes]
    .sort((a, b) => b[1] - a[1])
    .slice(0, most)
    .map(([offset]) => offset);
}

/** The longest copy of a stretch of `candidate` in `frames` at one of these offsets; null when none. */
export function bestAtOffsets(
  probe: Probe,
  candidate: Frames,
  offsets: Iterable<number>,
  rate: number,
): CopyMatch | null {
  let best: CopyMatch | null = null;
  for (const offset of offsets) {
    const run = runAt(probe, candidate, offset, rate);
    if (run && (!best || longerOrCloser(run, best))) best = run;
  }
  return best;
}

/**
 * Longer wins; at equal length, the closer frames: in a slow scene the neighbouring offset matches as
 * long, a frame off.
 */
const longerOrCloser = (a: CopyMatch, b: CopyMatch) =>
  a.to - a.from > b.to - b.from || (a.to - a.from === b.to - b.from && a.meanDistance < b.meanDistance);

/** The longest copy of a stretch of `candidate` in `frames`, at any of the likely offsets; null when none. */
export function bestCopy(probe: Probe, candidate: Frames, rate: number): CopyMatch | null {
  return bestAtOffsets(probe, candidate, likelyOffsets(probe, candidate), rate);
}
