import type { PossibleCopy } from '../../../common/contracts/copy-review';
import type { ReviewItem, StatusChange } from '../../../common/contracts/moderation';
import { asDeclineReason, normalizeVideoStatus, type VideoStatus } from '../../../common/video-status';
import type { videoModerationRepository } from '../../repositories/video-moderation.repository';

type ModerationReads = ReturnType<typeof videoModerationRepository>;
type HistoryRow = Awaited<ReturnType<ModerationReads['history']>>[number];
type QueueRow = Awaited<ReturnType<ModerationReads['queue']>>[number];
type OriginalRow = Awaited<ReturnType<ModerationReads['originals']>>[number];

/** One recorded status change as staff read it on the video page. */
export function presentStatusChange(row: HistoryRow): StatusChange {
  return {
    id: row.id,
    from: normalizeVideoStatus(row.from_status),
    to: normalizeVideoStatus(row.to_status),
    reason: row.reason,
    declineReason: asDeclineReason(row.reason_code),
    automatic: row.automatic,
    changedAt: row.changed_at.toISOString(),
    changedBy: row.user_id ? { id: row.user_id, name: row.user_name ?? '' } : null,
  };
}

/** A video of the review queue, with the links and the choices the service worked out for it. */
export function presentReviewItem(
  row: QueueRow,
  extra: {
    thumbnailUrl: string | null;
    playbackUrl: string | null;
    signatureUrl: string | null;
    /** The earliest video with the same content, when this one is a later copy. */
    original: OriginalRow | undefined;
    possibleCopy: PossibleCopy | undefined;
    nextStatuses: readonly VideoStatus[];
  },
): ReviewItem {
  const { original } = extra;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    keywords: row.keywords,
    status: normalizeVideoStatus(row.status),
    createdAt: row.created_at.toISOString(),
    duration: row.duration,
    thumbnailUrl: extra.thumbnailUrl,
    playbackUrl: extra.playbackUrl,
    signatureUrl: extra.signatureUrl,
    agreementVersion: row.agreement_version,
    user: { id: row.user_id, name: row.user_name, email: row.user_email },
    owner: {
      name: row.owner_name,
      email: row.owner_email,
      phone: row.owner_phone,
      country: row.owner_country,
      dob: row.owner_dob,
      instagram: row.owner_instagram,
    },
    duplicateOf:
      original && original.id !== row.id
        ? { id: original.id, title: original.title, user: { id: original.user_id, name: original.user_name } }
        : null,
    possibleCopy: extra.possibleCopy ?? null,
    nextStatuses: [...extra.nextStatuses],
  };
}
