import type { VideoAbilities, VideoCard, VideoDetail } from '../../../common/contracts/videos';
import { normalizeVideoStatus } from '../../../common/video-status';
import { thumbnailSrcSet } from '../../adapters/media/thumbnail-variants';
import type { Storage } from '../../adapters/storage/storage';
import type { VideoCardRow, VideoPageRow } from '../../repositories/videos.repository';
import { licenseTypeName } from '../licensing/license-snapshot';

/** A license the caller holds of the video (license-requests repository's `heldBy`). */
interface HeldLicenseRow {
  id: string;
  license_type_snapshot: unknown;
  completed_at: Date;
}

/** A card as the contract says; `referredBy` only when the caller may see it (admins). */
export function presentVideoCard(row: VideoCardRow, storage: Storage, withReferrer: boolean): VideoCard {
  return {
    id: row.id,
    title: row.title,
    thumbnailUrl: row.thumbnail ? storage.publicUrl(row.thumbnail) : null,
    thumbnailSrcSet: row.thumbnail && row.thumbnail_variants ? thumbnailSrcSet(storage, row.thumbnail) : null,
    youtubeId: row.youtube_id,
    duration: row.duration,
    status: normalizeVideoStatus(row.status),
    processingError: row.processing_error,
    createdAt: row.created_at.toISOString(),
    user: { id: row.user_id, name: row.user_name },
    ...(withReferrer && {
      referredBy: row.referrer_id ? { id: row.referrer_id, name: row.referrer_name ?? '' } : null,
    }),
    editedBy: row.editor_id ? { id: row.editor_id, name: row.editor_name ?? '' } : null,
    editDate: row.edit_date ? row.edit_date.toISOString() : null,
  };
}

/** The video page: the card, the details, whether the file exists, and what the caller may do. */
export function presentVideoDetail(
  row: VideoPageRow,
  storage: Storage,
  extra: {
    withReferrer: boolean;
    hasFile: boolean;
    abilities: VideoAbilities;
    heldLicenses: readonly HeldLicenseRow[];
    nextStatuses: readonly VideoDetail['nextStatuses'][number][];
    declined: VideoDetail['declined'];
  },
): VideoDetail {
  return {
    ...presentVideoCard(row, storage, extra.withReferrer),
    description: row.description,
    keywords: row.keywords,
    date: row.date,
    time: row.time,
    location: row.location ?? null,
    externalUrl: row.external_url,
    hasFile: extra.hasFile,
    abilities: extra.abilities,
    heldLicenses: extra.heldLicenses.map((held) => ({
      requestId: held.id,
      typeNameEn: licenseTypeName(held.license_type_snapshot, 'en'),
      typeNameEl: licenseTypeName(held.license_type_snapshot, 'el'),
      completedAt: held.completed_at.toISOString(),
    })),
    nextStatuses: [...extra.nextStatuses],
    declined: extra.declined,
  };
}
