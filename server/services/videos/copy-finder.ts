import type { Fingerprint } from '../../adapters/media/fingerprint';
import { type FrameHash, packHashes, unpackHashes } from '../../adapters/media/frame-hash';
import type { Executor } from '../../repositories/executor';
import {
  type CopyMatchRow,
  type FrameKeyRow,
  videoFingerprintsRepository,
} from '../../repositories/video-fingerprints.repository';
import { bestAtOffsets, type CopyMatch } from './copy-match';

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
/** At most this many index rows are read for one video: a pathological picture cannot make a lookup slow. */
const MOST_ROWS = 200_000;
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
  };
}

type Side = 'frames' | 'mirrored';

/** Votes of the index rows that share a key with `frames`: per candidate and side, offset -> votes. */
function countVotes(
  lookups: Map<number, { side: Side; frame: number }[]>,
  rows: readonly { key: number; video_id: string; frame: number }[],
) {
  const votes = new Map<string, Map<number, number>>();
  for (const row of rows) {
    for (const mine of lookups.get(row.key) ?? []) {
      const id = `${mine.side} ${row.video_id}`;
      const offsets = votes.get(id) ?? new Map<number, number>();
      const offset = row.frame - mine.frame;
      offsets.set(offset, (offsets.get(offset) ?? 0) + 1);
      votes.set(id, offsets);
    }
  }
  return votes;
}

/** The candidates with the most votes at one offset, and their best offsets, most voted first. */
function strongest(votes: Map<string, Map<number, number>>) {
  return [...votes]
    .map(([id, offsets]) => {
      const ranked = [...offsets].sort((a, b) => b[1] - a[1]);
      const [side, videoId] = id.split(' ') as [Side, string];
      return { side, videoId, top: ranked[0]?.[1] ?? 0, offsets: ranked.slice(0, OFFSETS_PER_CANDIDATE) };
    })
    .filter((candidate) => candidate.top >= LEAST_VOTES)
    .sort((a, b) => b.top - a.top)
    .slice(0, MOST_CANDIDATES);
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
  const lookups = new Map<number, { side: Side; frame: number }[]>();
  for (const side of ['frames', 'mirrored'] as const) {
    fingerprint[side].forEach((hash, frame) => {
      if (hash === null) return;
      for (const key of frameKeys(hash)) lookups.set(key, [...(lookups.get(key) ?? []), { side, frame }]);
    });
  }
  const repository = videoFingerprintsRepository(db);
  const rows = await repository.sharingKeys([...lookups.keys()], videoId, MOST_ROWS);
  const candidates = strongest(countVotes(lookups, rows));
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
    const offsets = candidate.offsets.flatMap(([offset]) => [offset - 1, offset, offset + 1]);
    const match = bestAtOffsets(
      fingerprint[candidate.side],
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
