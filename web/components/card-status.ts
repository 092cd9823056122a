import { hasRight } from '../../common/permissions';
import { isLicensableStatus, PUBLIC_VIDEO_STATUSES, type VideoStatus } from '../../common/video-status';

/** What a card's corner says: the review status (SPEC 4.1), "Licensable", or nothing. */
export type CardBadge = 'status' | 'licensable' | null;

/**
 * The badge a video card shows (the rule in docs/product.md, "Badges on cards"). The owner
 * and staff follow a video through review, so they see every status. Anyone else only ever sees publicly
 * listed videos, where "Approved" or "Processing" says nothing useful and misleads buyers: they see
 * "Licensable" on a video they can license now and nothing on one still being prepared. A status that is
 * not public keeps its badge whoever sees it, so a hidden state is never passed off as a normal video.
 */
export function cardBadge(
  viewer: { id: string; rights: readonly string[] } | null,
  video: { status: VideoStatus; user: { id: string } },
): CardBadge {
  if (!PUBLIC_VIDEO_STATUSES.includes(video.status)) return 'status';
  if (viewer && (viewer.id === video.user.id || hasRight(viewer, 'manage_videos'))) return 'status';
  return isLicensableStatus(video.status) ? 'licensable' : null;
}
