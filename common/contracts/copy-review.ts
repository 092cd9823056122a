import { z } from 'zod';
import { VIDEO_STATUSES } from '../video-status';
import { videoPerson } from './videos';

/**
 * Near-duplicates (issue 33): the earlier video a new one seems to copy, found by its frames, for staff to
 * judge. A flag, not a status: staff mark it "not a copy" or decline the video as a duplicate.
 */

export const COPY_DECISIONS = ['not_a_copy', 'duplicate'] as const;
export type CopyDecision = (typeof COPY_DECISIONS)[number];

/** A stretch of a video, in seconds from its start. */
const stretch = z.object({ from: z.number(), to: z.number() });

export const possibleCopy = z.object({
  original: z.object({
    id: z.string(),
    title: z.string(),
    user: videoPerson,
    uploadedAt: z.string(),
    /** A signed, expiring URL of the original's file (staff compare the two), null when it has none. */
    playbackUrl: z.string().nullable(),
  }),
  /** The earlier video is the uploader's own: a re-upload, not someone else's footage. */
  sameOwner: z.boolean(),
  /** Where the two match: in this video, and in the original. */
  at: stretch,
  originalAt: stretch,
  /** The share of the stretch's frames that match (0-1). */
  score: z.number(),
  /** The copy is the original's mirror image. */
  mirrored: z.boolean(),
  /** What staff decided; null while undecided. */
  decision: z.enum(COPY_DECISIONS).nullable(),
});
export type PossibleCopy = z.infer<typeof possibleCopy>;

/** `GET /api/videos/{videoId}/copy_check`: what the check of a video's frames found (staff). */
export const copyCheck = z.object({
  /** Whether the video's frames have been compared with the library's (false before processing). */
  checked: z.boolean(),
  /** A signed, expiring URL of this video's file, for the comparison. */
  playbackUrl: z.string().nullable(),
  possibleCopy: possibleCopy.nullable(),
});
export type CopyCheck = z.infer<typeof copyCheck>;

export const copyDecisionBody = z.object({ decision: z.enum(COPY_DECISIONS) });

export const copyDecided = z.object({ decision: z.enum(COPY_DECISIONS), status: z.enum(VIDEO_STATUSES) });
export type CopyDecided = z.infer<typeof copyDecided>;

/**
 * What the "From the file" card says of the check, to everyone who reads the card: never the other
 * video (that is staff's to see). `possible_copy`: found and not yet judged.
 */
export const COPY_CHECK_RESULTS = [
  'not_checked',
  'no_copy',
  'possible_copy',
  'not_a_copy',
  'duplicate',
] as const;
export type CopyCheckResult = (typeof COPY_CHECK_RESULTS)[number];
