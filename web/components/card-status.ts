import { hasRight } from '../../common/permissions';
import { PUBLIC_VIDEO_STATUSES, type VideoStatus } from '../../common/video-status';

/**
 * Whether a card shows its status badge. The owner and staff follow a video through review, so they see
 * every status (SPEC 4.1). Anyone else only ever sees publicly listed videos, where a badge says nothing
 * useful and a green "Processing" on a finished video misleads buyers: none for them. A status that is
 * not public keeps its badge whoever sees it, so a hidden state is never passed off as a normal video.
 */
export function cardShowsStatus(
  viewer: { id: string; rights: readonly string[] } | null,
  video: { status: VideoStatus; user: { id: string } },
): boolean {
  if (!PUBLIC_VIDEO_STATUSES.includes(video.status)) return true;
  if (!viewer) return false;
  return viewer.id === video.user.id || hasRight(viewer, 'manage_videos');
}
