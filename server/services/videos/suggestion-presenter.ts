import type { EditSuggestion } from '../../../common/contracts/video-edits';
import type { Storage } from '../../adapters/storage/storage';
import type { Caller } from '../../policies/caller';
import { canViewVideo } from '../../policies/video.policy';
import type { videoEditsRepository } from '../../repositories/video-edits.repository';

type SuggestionRow = Awaited<ReturnType<ReturnType<typeof videoEditsRepository>['listSuggestions']>>[number];

/**
 * A suggestion as the staff screen and the suggester see it: proposed, original and current values.
 * The video's values now (title, thumbnail, current texts) follow the visibility policy: once the owner
 * hides the video from the suggester (private, or a status only owner and staff see), they are null, and
 * the suggester keeps only what they wrote and saw when suggesting, and the outcome.
 */
export function presentSuggestion(
  row: SuggestionRow,
  storage: Storage,
  viewer: Caller | null,
): EditSuggestion {
  const visible = canViewVideo(viewer, {
    userId: row.video_user_id,
    status: row.video_status,
    privacy: row.video_privacy,
  });
  return {
    id: row.id,
    videoId: row.video_id,
    videoTitle: visible ? row.video_title : null,
    thumbnailUrl: visible && row.video_thumbnail ? storage.publicUrl(row.video_thumbnail) : null,
    suggestedBy: { id: row.suggested_by, name: row.suggester_name },
    createdAt: row.created_at.toISOString(),
    status: row.status as EditSuggestion['status'],
    proposed: {
      title: row.title,
      description: row.description,
      keywords: row.keywords,
      externalUrl: row.external_url,
    },
    original: {
      title: row.original_title,
      description: row.original_description,
      keywords: row.original_keywords,
      externalUrl: row.original_external_url,
    },
    current: visible
      ? {
          title: row.video_title,
          description: row.video_description,
          keywords: row.video_keywords,
          externalUrl: row.video_external_url,
        }
      : null,
    decidedBy: row.decided_by ? { id: row.decided_by, name: row.decider_name ?? '' } : null,
    decidedAt: row.decided_at ? row.decided_at.toISOString() : null,
    reason: row.reason,
  };
}
