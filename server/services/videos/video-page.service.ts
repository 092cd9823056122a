import type { VideoProvenance } from '../../../common/contracts/capture-metadata';
import { PLAYBACK_URL_SECONDS, type VideoDetail, type VideoPlayback } from '../../../common/contracts/videos';
import { asDeclineReason, normalizeVideoStatus } from '../../../common/video-status';
import { contentTypeOf } from '../../adapters/storage/content-types';
import { forPage } from '../../adapters/storage/signed-file-url';
import type { Storage } from '../../adapters/storage/storage';
import { notAuthorized, notFound } from '../../errors';
import type { CallerFacts } from '../../policies/caller';
import { canSeeReferrer } from '../../policies/staff.policy';
import {
  canReadDeclineReason,
  canSeeProvenance,
  canViewVideo,
  playbackRendition,
  renditionNeedsLicense,
  videoAbilities,
} from '../../policies/video.policy';
import { nextStatuses, type PublishingMode } from '../../policies/video-moderation.policy';
import type { Executor } from '../../repositories/executor';
import { licenseRequestsRepository } from '../../repositories/license-requests.repository';
import { videoModerationRepository } from '../../repositories/video-moderation.repository';
import { type VideoPageRow, videosRepository } from '../../repositories/videos.repository';
import { presentProvenance } from './provenance-presenter';
import { presentVideoDetail } from './video-presenter';

type Viewer = CallerFacts | null;

/**
 * One video as its viewer sees it: the video page (details, what the viewer may do, the licenses they
 * hold) and what its player plays. A video the viewer may not see is "not found", never "forbidden".
 */
export function videoPageService(deps: {
  db: Executor;
  storage: Storage;
  now: () => Date;
  /** The site's address: a signed URL of the local storage driver points under it. */
  publicUrl: string;
  /** Whether approving publishes to YouTube: the moves staff may make depend on it. */
  publishing: PublishingMode;
}) {
  const videos = videosRepository(deps.db);
  const licenses = licenseRequestsRepository(deps.db);
  const moderation = videoModerationRepository(deps.db);
  const fileExists = (path: string | null) => (path ? deps.storage.exists(path) : Promise.resolve(false));

  const visible = async (viewer: Viewer, videoId: string): Promise<VideoPageRow> => {
    const row = await videos.findById(videoId);
    if (!row || !canViewVideo(viewer, { userId: row.user_id, status: row.status, privacy: row.privacy }))
      throw notFound();
    return row;
  };

  /** Why a declined video was declined, for its owner and staff (issue 35); null for anyone else. */
  const whyDeclined = async (viewer: Viewer, row: VideoPageRow): Promise<VideoDetail['declined']> => {
    if (normalizeVideoStatus(row.status) !== 'declined' || !canReadDeclineReason(viewer, row.user_id))
      return null;
    const last = await moderation.lastDecline(row.id);
    return { reason: asDeclineReason(last?.reason_code ?? null) ?? 'other', note: last?.reason ?? null };
  };

  /** A signed URL of a stored file for this viewer alone, and until when it works. */
  const signedPlayback = async (path: string) => {
    const expiresAt = new Date(deps.now().getTime() + PLAYBACK_URL_SECONDS * 1000);
    const signed = await deps.storage.signedUrl(path, { expiresInSeconds: PLAYBACK_URL_SECONDS });
    return {
      ready: true,
      url: forPage(signed, deps.publicUrl),
      expiresAt: expiresAt.toISOString(),
      contentType: contentTypeOf(path),
    };
  };

  return {
    /** The video page: details, whether the file exists, and what the viewer may do. */
    async detail(viewer: Viewer, videoId: string): Promise<VideoDetail> {
      const row = await visible(viewer, videoId);
      // The licenses of this video the viewer bought and holds (the page offers their files).
      const heldLicenses = viewer ? await licenses.heldBy(viewer.id, row.id) : [];
      const abilities = videoAbilities(
        viewer,
        { userId: row.user_id, status: row.status, privacy: row.privacy },
        heldLicenses.length > 0,
      );
      return presentVideoDetail(row, deps.storage, {
        withReferrer: canSeeReferrer(viewer),
        hasFile: await fileExists(row.path),
        abilities,
        heldLicenses,
        // The same transitions as the review queue's buttons (one table, in the moderation policy).
        nextStatuses: abilities.moderate
          ? nextStatuses(normalizeVideoStatus(row.status), deps.publishing)
          : [],
        declined: await whyDeclined(viewer, row),
      });
    },

    /**
     * The "From the file" card (issue 33): what the original says of its filming beside what its creator
     * typed, for staff, license managers and holders of a completed license. A video the viewer cannot
     * see is not found; one they see but may not read the file of is refused.
     */
    async provenance(viewer: CallerFacts, videoId: string): Promise<VideoProvenance> {
      const row = await visible(viewer, videoId);
      const licensed = !canSeeProvenance(viewer, false) && (await licenses.hasCompleted(viewer.id, row.id));
      if (!canSeeProvenance(viewer, licensed)) throw notAuthorized();
      const file = await videos.findFileFacts(row.id);
      if (!file) throw notFound();
      return presentProvenance(file);
    },

    /**
     * What the player plays: the original for the owner, staff and the holder of a completed license
     * (the license is looked up only when it matters), else the watermarked preview once it is made.
     */
    async playback(viewer: Viewer, videoId: string): Promise<VideoPlayback> {
      const row = await visible(viewer, videoId);
      if (!row.path || !(await fileExists(row.path))) throw notFound();
      const video = { userId: row.user_id, id: row.id };
      const licensed =
        renditionNeedsLicense(viewer, video) && (await licenses.hasCompleted(viewer.id, video.id));
      const rendition = playbackRendition(viewer, video, licensed);
      if (rendition === 'original') return { rendition, ...(await signedPlayback(row.path)) };
      // The original never leaves for anyone else: until its preview is made there is nothing to play.
      const preview = row.preview_status === 'ready' ? row.preview_key : null;
      if (!preview || !(await fileExists(preview)))
        return { rendition, ready: false, url: null, expiresAt: null, contentType: null };
      return { rendition, ...(await signedPlayback(preview)) };
    },
  };
}
