import { type FrameHash, hammingDistance } from '../../adapters/media/frame-hash';

/**
 * Whether one video's frames are a copy of a stretch of another's (issue 33): the two fingerprints are
 * lined up at an offset (a trimmed clip, or one cut out of a longer video, starts later in its source),
 * and a copy is a run of consecutive frames that nearly all stay within a few bits of their counterpart.
 */

/**
 * At most this many of a frame's 64 bits differ between a frame and its copy (a re-encode flips 0-8; a
 * crop or a caption more): 17 measured best in bench/near-duplicates.ts, where 20 let distinct pairs match.
 */
export const SAME_FRAME_BITS = 17;
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
 * The longest run of matching frames when `frames[i]` lines up with `candidate[i + offset]`: frames
 * without a hash on either side neither break nor lengthen it. A run ends where the share of matching
 * frames since its start would fall below LEAST_MATCHING_SHARE.
 */
export function runAt(frames: Frames, candidate: Frames, offset: number, rate: number): CopyMatch | null {
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
    const distance = hammingDistance(mine, theirs);
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
export function likelyOffsets(frames: Frames, candidate: Frames, most = 5): number[] {
  const votes = new Map<number, number>();
  frames.forEach((mine, i) => {
    if (mine == null) return;
    candidate.forEach((theirs, j) => {
      if (theirs != null && hammingDistance(mine, theirs) <= SAME_FRAME_BITS)
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
  frames: Frames,
  candidate: Frames,
  offsets: Iterable<number>,
  rate: number,
): CopyMatch | null {
  let best: CopyMatch | null = null;
  for (const offset of offsets) {
    const run = runAt(frames, candidate, offset, rate);
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
export function bestCopy(frames: Frames, candidate: Frames, rate: number): CopyMatch | null {
  return bestAtOffsets(frames, candidate, likelyOffsets(frames, candidate), rate);
}
