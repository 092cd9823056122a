import type { DeclineReason, VideoStatus } from '../../common/video-status';

/** The statuses staff may set: never not_uploaded (no file), not_verified, duplicate or yt_* (jobs set those). */
export const STAFF_TARGET_STATUSES = ['approved', 'declined', 'ready', 'archived'] as const;
export type StaffTargetStatus = (typeof STAFF_TARGET_STATUSES)[number];

/**
 * Which status staff may move a video to from each status. A video without its file (not_uploaded)
 * cannot be reviewed; a duplicate can only be declined or archived (it must never be published);
 * a declined or archived video can be reconsidered; YouTube states can be marked ready, declined or archived.
 */
const ALLOWED: Record<VideoStatus, readonly StaffTargetStatus[]> = {
  not_uploaded: [],
  not_verified: ['approved', 'declined', 'ready', 'archived'],
  duplicate: ['declined', 'archived'],
  declined: ['approved', 'ready', 'archived'],
  approved: ['declined', 'ready', 'archived'],
  yt_upload_retry: ['declined', 'ready', 'archived'],
  yt_upload_error: ['declined', 'ready', 'archived'],
  yt_removed: ['declined', 'archived'],
  yt_uploaded: ['declined', 'ready', 'archived'],
  ready: ['approved', 'declined', 'archived'],
  archived: ['approved', 'declined', 'ready'],
};

export type TransitionVerdict = 'allowed' | 'not_allowed' | 'reason_required';

/** Whether approved videos are published to YouTube (configured) before they become ready. */
export interface PublishingMode {
  publishing: boolean;
}

/**
 * The moves from `from`. With publishing off, approving is making the video ready at once, so it is
 * allowed exactly where marking it ready is (a ready video cannot be approved again: nothing would change).
 */
function allowedFrom(from: VideoStatus, mode: PublishingMode): readonly StaffTargetStatus[] {
  if (mode.publishing) return ALLOWED[from];
  const canMarkReady = ALLOWED[from].includes('ready');
  return ALLOWED[from].filter((to) => to !== 'approved' || canMarkReady);
}

/** Why staff change a status: the words they typed, and for a decline a reason of the list. */
export interface StatusReason {
  text: string;
  code: DeclineReason;
}

/**
 * Whether staff may change a video from `from` to `to` with this reason (a decline must say why: a reason
 * of the list, or `other` in words).
 */
export function checkStatusTransition(
  from: VideoStatus,
  to: VideoStatus,
  reason: StatusReason,
  mode: PublishingMode,
): TransitionVerdict {
  if (!(allowedFrom(from, mode) as readonly string[]).includes(to)) return 'not_allowed';
  if (to === 'declined' && reason.code === 'other' && reason.text.trim() === '') return 'reason_required';
  return 'allowed';
}

/**
 * The statuses staff may choose next, for the buttons of the review screens. With publishing off,
 * approving and marking ready do the same, so only "approve" is offered where both are allowed.
 */
export function nextStatuses(from: VideoStatus, mode: PublishingMode): readonly StaffTargetStatus[] {
  const allowed = allowedFrom(from, mode);
  if (mode.publishing || !allowed.includes('approved')) return allowed;
  return allowed.filter((to) => to !== 'ready');
}

/** Staff may send a video to YouTube again only after publishing finally failed. */
export function canRetryPublishing(status: VideoStatus, mode: PublishingMode): boolean {
  return mode.publishing && status === 'yt_upload_error';
}

/**
 * Whether staff may decline a video as a duplicate of the earlier video it copies (issue 33): wherever a
 * decline is allowed, and not when it is a duplicate already (by its bytes).
 */
export function canMarkDuplicate(from: VideoStatus, mode: PublishingMode): boolean {
  return from !== 'duplicate' && allowedFrom(from, mode).includes('declined');
}
