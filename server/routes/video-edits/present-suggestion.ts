import type { EditSuggestion } from '../../../common/contracts/video-edits';
import type { Storage } from '../../adapters/storage/storage';
import type { videoEditsRepository } from '../../repositories/video-edits.repository';

type SuggestionRow = Awaited<ReturnType<ReturnType<typeof videoEditsRepository>['listSuggestions']>>[number];

/** A suggestion as the staff screen and the suggester see it: proposed, original and current values. */
export function presentSuggestion(row: SuggestionRow, storage: Storage): EditSuggestion {
  return {
    id: row.id,
    videoId: row.video_id,
    videoTitle: row.video_title,
    thumbnailUrl: row.video_thumbnail ? storage.publicUrl(row.video_thumbnail) : null,
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
    current: {
      title: row.video_title,
      description: row.video_description,
      keywords: row.video_keywords,
      externalUrl: row.video_external_url,
    },
    decidedBy: row.decided_by ? { id: row.decided_by, name: row.decider_name ?? '' } : null,
    decidedAt: row.decided_at ? row.decided_at.toISOString() : null,
    reason: row.reason,
  };
}
