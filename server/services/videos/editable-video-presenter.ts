import { VIDEO_PRIVACY, type VideoPrivacy } from '../../../common/categories';
import type { EditableVideo } from '../../../common/contracts/video-edits';
import type { Storage } from '../../adapters/storage/storage';
import type { Caller } from '../../policies/caller';
import { canEditVideo, canSuggestEdit } from '../../policies/video.policy';
import type { videoEditsRepository } from '../../repositories/video-edits.repository';

type EditableRow = NonNullable<Awaited<ReturnType<ReturnType<typeof videoEditsRepository>['editable']>>>;

/** What the edit and suggestion forms start from, and whether the caller may edit or only suggest. */
export function presentEditableVideo(
  row: EditableRow,
  storage: Storage,
  viewer: Caller | null,
): EditableVideo {
  return {
    id: row.id,
    userId: row.user_id,
    title: row.title,
    description: row.description,
    keywords: row.keywords,
    date: row.date,
    time: row.time,
    location: row.location
      ? { ...row.location, coordinates: row.location.coordinates ?? null, zoom: row.location.zoom ?? 12 }
      : null,
    categoryId: row.category_id,
    privacy: (VIDEO_PRIVACY as readonly string[]).includes(row.privacy)
      ? (row.privacy as VideoPrivacy)
      : 'public',
    externalUrl: row.external_url,
    youtubeId: row.youtube_id,
    thumbnailUrl: row.thumbnail ? storage.publicUrl(row.thumbnail) : null,
    canEdit: canEditVideo(viewer, { userId: row.user_id }),
    canSuggest: canSuggestEdit(viewer, { userId: row.user_id }),
  };
}
