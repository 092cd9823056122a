import type { Fingerprint } from '../../adapters/media/fingerprint';
import { type FrameHash, HASH_VERSION, packHashes, unpackHashes } from '../../adapters/media/frame-hash';
import type { Executor } from '../../repositories/executor';
import {
  type CopyMatchRow,
  type FrameKeyRow,
  videoFingerprintsRepository,
} from '../../repositories/video-fingerprints.repository';
import { bestAtOffsets, type CopyMatch, probeOf } from './copy-match';

/**
 * Finds the earlier video a new one copies (issue 33) through the band index, never by reading every
 * fingerprint: each sampled frame of the library is indexed by its hash's four 16-bit bands, a new
 * video's frames (and their mirror images) look their bands up, and each shared band votes for a video
 * and the offset at which the two line up. The few videos with the most votes at one offset are then
 * compared frame by frame (copy-match.ts) at their best offsets.
 */

const BANDS = 4;
const BAND_BITS = 16;
/** The library indexes every other sampled frame (one a second): a copy's frames still find their neighbours. */
const INDEX_EVERY = 2;
/** (video, side, offset) vote counts read back, most voted first. */
const MOST_VOTES = 64;
/**
 * Frames of a new video looked up: a longer one looks up evenly spread frames (a copy of it shares
 * many); up to PROBED_FRAMES (two minutes), each band is also looked up with each of its bits flipped.
 */
const MOST_LOOKUP_FRAMES = 600;
const PROBED_FRAMES = 240;
/** Of those, the frames that also look each band up with any two of its bits flipped (120 keys a band). */
const TWO_BIT_FRAMES = 3;
/** Candidates compared frame by frame, and the offsets tried for each. */
const MOST_CANDIDATES = 8;
const OFFSETS_PER_CANDIDATE = 3;
/** Votes a candidate needs at one offset before it is compared: one shared band is chance. */
const LEAST_VOTES = 3;

/** The index keys of one hash: `band << 16 | the band's 16 bits`. */
export function frameKeys(hash: FrameHash): number[] {
  return Array.from(
    { length: BANDS },
    (_, band) => (band << BAND_BITS) | Number((hash >> BigInt(band * BAND_BITS)) & 0xffffn),
  );
}

/** The index rows of a fingerprint: its sampled frames' keys. */
export function indexRows(fingerprint: Fingerprint): FrameKeyRow[] {
  return fingerprint.frames.flatMap((hash, frame) =>
    hash !== null && frame % INDEX_EVERY === 0 ? frameKeys(hash).map((key) => ({ key, frame })) : [],
  );
}

/** What the processing job stores of a fingerprint. */
export function storedFingerprint(fingerprint: Fingerprint) {
  return {
    rate: fingerprint.rate,
    frames: packHashes(fingerprint.frames),
    mirrored: packHashes(fingerprint.mirrored),
    hash_version: HASH_VERSION,
  };
}

type Side = 'frames' | 'mirrored';
const SIDES: Side[] = ['frames', 'mirrored'];

/**
 * The keys a frame looks up: each band's own bits and, with `flips` 1, each band with one bit flipped, so
 * a band that a re-encode changed by one bit still meets its original; with `flips` 2, also with any two.
 */
function lookupKeys(hash: FrameHash, flips: 0 | 1 | 2): number[] {
  return frameKeys(hash).flatMap((key) => {
    const keys = [key];
    for (let bit = 0; bit < BAND_BITS && flips > 0; bit++) {
      keys.push(key ^ (1 << bit));
      for (let other = bit + 1; other < BAND_BITS && flips > 1; other++)
        keys.push(key ^ (1 << bit) ^ (1 << other));
    }
    return keys;
  });
}

/**
 * The lookups of a fingerprint, both sides: key, frame and side (0 as it is, 1 mirrored) as columns.
 * Every frame of the picture as it is (the usual copy) also probes its bands' one-bit neighbours (the
 * library indexes every other frame, and a copy trimmed by an odd number of frames meets it only through
 * its odd ones), and TWO_BIT_FRAMES of them, evenly spread, their two-bit ones (a logo or a crop moves a
 * few bits of every band): what that costs grows with the library, and a copy's votes need only some of
 * its frames.
 */
function lookupsOf(fingerprint: Fingerprint) {
  const lookups = { keys: [] as number[], frames: [] as number[], sides: [] as number[] };
  const step = Math.max(1, Math.ceil(fingerprint.frames.length / MOST_LOOKUP_FRAMES));
  const probing = fingerprint.frames.length <= PROBED_FRAMES;
  const twoBitStep = 2 * Math.ceil(fingerprint.frames.length / (2 * TWO_BIT_FRAMES));
  SIDES.forEach((side, sideIndex) => {
    fingerprint[side].forEach((hash, frame) => {
      if (hash === null || frame % step !== 0) return;
      const probed = probing && side === 'frames';
      const flips = !probed ? 0 : frame % twoBitStep === 0 ? 2 : 1;
      for (const key of lookupKeys(hash, flips)) {
        lookups.keys.push(key);
        lookups.frames.push(frame);
        lookups.sides.push(sideIndex);
      }
    });
  });
  return lookups;
}

/** The candidates with the most votes at one offset, and their best offsets, most voted first. */
function strongest(votes: readonly { video_id: string; side: number; offset: number; votes: number }[]) {
  const candidates = new Map<string, { side: Side; videoId: string; top: number; offsets: number[] }>();
  for (const vote of votes) {
    const id = `${vote.side} ${vote.video_id}`;
    const candidate = candidates.get(id) ?? {
      side: SIDES[vote.side] ?? 'frames',
      videoId: vote.video_id,
      top: vote.votes,
      offsets: [],
    };
    if (candidate.offsets.length < OFFSETS_PER_CANDIDATE) candidate.offsets.push(vote.offset);
    candidates.set(id, candidate);
  }
  return [...candidates.values()].slice(0, MOST_CANDIDATES);
}

/** Longer wins; at equal length, the earlier video (the original, not a copy of it). */
const better = (a: { match: CopyMatch; createdAt: Date }, b: { match: CopyMatch; createdAt: Date }) =>
  a.match.to - a.match.from - (b.match.to - b.match.from) || b.createdAt.getTime() - a.createdAt.getTime();

/** The earlier video `videoId`'s fingerprint copies the longest stretch of, in seconds; null when none. */
export async function findCopy(
  db: Executor,
  videoId: string,
  fingerprint: Fingerprint,
): Promise<CopyMatchRow | null> {
  const repository = videoFingerprintsRepository(db);
  const votes = await repository.votes(lookupsOf(fingerprint), videoId, {
    least: LEAST_VOTES,
    most: MOST_VOTES,
  });
  const candidates = strongest(votes);
  const stored = new Map(
    (await repository.fingerprints([...new Set(candidates.map((c) => c.videoId))])).map((row) => [
      row.video_id,
      row,
    ]),
  );
  let best: { match: CopyMatch; createdAt: Date; candidate: (typeof candidates)[number] } | null = null;
  for (const candidate of candidates) {
    const theirs = stored.get(candidate.videoId);
    // A source sampled at another rate (one longer than an hour) does not line up frame for frame.
    if (!theirs || theirs.rate !== fingerprint.rate) continue;
    const offsets = candidate.offsets.flatMap((offset) => [offset - 1, offset, offset + 1]);
    const match = bestAtOffsets(
      probeOf(fingerprint, candidate.side),
      unpackHashes(theirs.frames),
      offsets,
      fingerprint.rate,
    );
    if (!match) continue;
    const found = { match, createdAt: new Date(theirs.created_at), candidate };
    if (!best || better(found, best) > 0) best = found;
  }
  if (!best) return null;
  const { match, candidate } = best;
  const seconds = (frame: number) => frame / fingerprint.rate;
  return {
    originalId: candidate.videoId,
    startsAt: seconds(match.from),
    endsAt: seconds(match.to),
    originalStartsAt: seconds(match.candidateFrom),
    originalEndsAt: seconds(match.candidateTo),
    score: match.score,
    mirrored: candidate.side === 'mirrored',
  };
}
