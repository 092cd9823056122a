import { z } from 'zod';
import { DECLINE_REASONS, VIDEO_STATUSES } from '../video-status';
import { possibleCopy } from './copy-review';
import { cursorPage } from './cursor-page';
import { videoPerson } from './videos';

/**
 * Moderation (SPEC 1, 4.1, 6): status changes by staff, their history, and the review queue.
 * Messages are i18n keys under `moderation.errors`.
 */

export const REASON_MAX = 1000;

/**
 * `POST /api/videos/{videoId}/status`: a decline must say why, a reason of the list (`declineReason`) or
 * `other` (the default) in words (`reason`, which may also add to one of the list); the creator reads it.
 */
export const statusChangeBody = z
  .object({
    to: z.enum(VIDEO_STATUSES),
    reason: z.string().trim().max(REASON_MAX, { error: 'moderation.errors.reasonTooLong' }).default(''),
    declineReason: z.enum(DECLINE_REASONS).default('other'),
  })
  .refine((body) => body.to !== 'declined' || body.declineReason !== 'other' || body.reason !== '', {
    error: 'moderation.errors.reasonRequired',
    path: ['reason'],
  });
export type StatusChangeBody = z.input<typeof statusChangeBody>;

/** One recorded change: who, when, from, to and why (shown to staff on the video). */
export const statusChange = z.object({
  id: z.string(),
  from: z.enum(VIDEO_STATUSES),
  to: z.enum(VIDEO_STATUSES),
  reason: z.string().nullable(),
  /** A decline's reason of the list; null for other changes. */
  declineReason: z.enum(DECLINE_REASONS).nullable(),
  /** Made by the system (publishing to YouTube, the removal check), not by a person. */
  automatic: z.boolean(),
  changedAt: z.string(),
  /** Null when automatic, or when the person's account is gone. */
  changedBy: videoPerson.nullable(),
});
export type StatusChange = z.infer<typeof statusChange>;

export const statusHistory = z.object({ items: z.array(statusChange) });
export type StatusHistory = z.infer<typeof statusHistory>;

/** The owner's details of the submission (SPEC 3 "Video submission form"), shown to staff only. */
export const submissionOwner = z.object({
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  country: z.string().nullable(),
  dob: z.string().nullable(),
  instagram: z.string().nullable(),
});

/** A video waiting for review, with everything staff need to decide. */
export const reviewItem = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  keywords: z.array(z.string()),
  status: z.enum(VIDEO_STATUSES),
  createdAt: z.string(),
  duration: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  /** A signed, expiring URL of the file (private), null when there is no file. */
  playbackUrl: z.string().nullable(),
  /** The drawn signature (private), as a signed, expiring URL. */
  signatureUrl: z.string().nullable(),
  agreementVersion: z.string().nullable(),
  user: videoPerson.extend({ email: z.string() }),
  owner: submissionOwner,
  /** For a duplicate: the earliest video with the same content. */
  duplicateOf: z.object({ id: z.string(), title: z.string(), user: videoPerson }).nullable(),
  /** An earlier video this one seems to copy by its frames (issue 33), decided or not. */
  possibleCopy: possibleCopy.nullable(),
  /** The statuses staff may set next. */
  nextStatuses: z.array(z.enum(VIDEO_STATUSES)),
});
export type ReviewItem = z.infer<typeof reviewItem>;

export const reviewQueueQuery = z.object({
  limit: z.coerce.number().int().min(1).max(24).default(10),
  cursor: z.string().max(200).optional(),
});

export const reviewQueue = cursorPage(reviewItem);
export type ReviewQueue = z.infer<typeof reviewQueue>;

export const statusChanged = z.object({ status: z.enum(VIDEO_STATUSES), change: statusChange });
export type StatusChanged = z.infer<typeof statusChanged>;
