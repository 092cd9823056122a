/** Video status (SPEC 4.1): one stored spelling (snake_case); both spellings are read. */

export const VIDEO_STATUSES = [
  'not_uploaded',
  'not_verified',
  'duplicate',
  'declined',
  'approved',
  'yt_upload_retry',
  'yt_upload_error',
  'yt_removed',
  'yt_uploaded',
  'ready',
  'archived',
] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];

const PASCAL_SPELLING: Record<string, VideoStatus> = {
  NotUploaded: 'not_uploaded',
  NotVerified: 'not_verified',
  Duplicate: 'duplicate',
  Declined: 'declined',
  Approved: 'approved',
  YoutubeUploadRetry: 'yt_upload_retry',
  YoutubeUploadError: 'yt_upload_error',
  YoutubeRemoved: 'yt_removed',
  YoutubeUploaded: 'yt_uploaded',
  Ready: 'ready',
  Archived: 'archived',
};

/** Reads either spelling; an absent or unknown value counts as not uploaded. */
export function normalizeVideoStatus(value: string | null | undefined): VideoStatus {
  if (!value) return 'not_uploaded';
  if ((VIDEO_STATUSES as readonly string[]).includes(value)) return value as VideoStatus;
  return PASCAL_SPELLING[value] ?? 'not_uploaded';
}

export type BadgeColour = 'red' | 'green' | 'black' | 'none';

/** Label key (under `videos.status.`) and colour of the status badge, as SPEC 4.1 tabulates. */
export const VIDEO_STATUS_BADGE: Record<VideoStatus, { label: string; colour: BadgeColour }> = {
  not_uploaded: { label: 'notUploaded', colour: 'red' },
  not_verified: { label: 'notVerified', colour: 'none' },
  duplicate: { label: 'duplicate', colour: 'red' },
  declined: { label: 'declined', colour: 'red' },
  approved: { label: 'processing', colour: 'green' },
  yt_upload_retry: { label: 'processing', colour: 'green' },
  yt_upload_error: { label: 'processing', colour: 'green' },
  yt_removed: { label: 'processing', colour: 'green' },
  yt_uploaded: { label: 'processing', colour: 'green' },
  ready: { label: 'approved', colour: 'green' },
  archived: { label: 'archived', colour: 'black' },
};

/** Statuses shown in public lists (DESIGN: approved, YouTube and ready videos). */
export const PUBLIC_VIDEO_STATUSES: readonly VideoStatus[] = [
  'approved',
  'yt_upload_retry',
  'yt_upload_error',
  'yt_uploaded',
  'ready',
];

/** Licensable (DESIGN "Licensable videos"): `ready` and the YouTube-published status. */
export const LICENSABLE_STATUSES: readonly VideoStatus[] = ['ready', 'yt_uploaded'];

/** Whether a video in this status may be licensed (its privacy aside): the server's rule and the screens'. */
export const isLicensableStatus = (status: VideoStatus): boolean => LICENSABLE_STATUSES.includes(status);

export const LICENSE_REQUEST_STATUSES = [
  'open',
  'awaiting_payment',
  'processing_payment',
  'completed',
  'cancelled',
] as const;
export type LicenseRequestStatus = (typeof LICENSE_REQUEST_STATUSES)[number];

export const TRANSACTION_STATUSES = ['pending', 'processing', 'completed', 'reverted', 'cancelled'] as const;
export const TRANSACTION_TYPES = [
  'income_transfer',
  'outgoing_transfer',
  'balance_top_up',
  'video_license_purchase',
  'video_license_sale',
  'video_license_sale_referral_bonus',
  'withdrawal',
] as const;

/**
 * Why staff decline a video (issue 35): the creator reads it on the video page and in the e-mail, in their
 * own language; `other` is said in words (the reason's text).
 */
export const DECLINE_REASONS = [
  'duplicate',
  'not_own_footage',
  'poor_quality',
  'unsuitable_content',
  'other',
] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];

/** A stored reason code as one of the list (null when none or unknown: the words say it then). */
export const asDeclineReason = (code: string | null): DeclineReason | null =>
  (DECLINE_REASONS as readonly string[]).includes(code ?? '') ? (code as DeclineReason) : null;

/**
 * A decline's reason as its owner reads it, on the video page and in the e-mail: the reason of the list in
 * the reader's language (`t`), then the words staff added; `other` is the words alone.
 */
export function declineReasonText(
  t: (key: string) => string,
  reason: DeclineReason | null,
  words: string | null,
): string {
  const listed = reason && reason !== 'other' ? t(`declineReasons.${reason}`) : '';
  return [listed, words?.trim() ?? ''].filter(Boolean).join(' — ');
}
