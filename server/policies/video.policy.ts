import type { VideoAbilities } from '../../common/contracts/videos';
import { normalizeVideoStatus, PUBLIC_VIDEO_STATUSES, type VideoStatus } from '../../common/video-status';

import type { CallerFacts } from './caller';
import { isLicenseManager, mayOfferLicense } from './license.policy';
import { isVideoStaff } from './staff.policy';

/** Who is looking: nobody (null, a visitor), or a signed-in caller with their rights and verification. */
type Viewer = CallerFacts | null;

/** What the rules need to know of a video. */
export interface VideoSubject {
  userId: string;
  /** As stored; either spelling is read. */
  status: string;
  /** public, private or unlisted (SPEC 3); absent counts as public. */
  privacy?: string;
}

export function isPublicStatus(status: string): boolean {
  return PUBLIC_VIDEO_STATUSES.includes(normalizeVideoStatus(status));
}

/**
 * Whether a video is publicly listed: a public status and privacy `public` (absent counts as public).
 * Exactly these videos feed the keyword summary (popular keywords, search suggestions), so nobody is
 * offered a keyword whose search shows them nothing, and hidden videos' keywords do not leak.
 */
export function isPubliclyListed(video: { status: string; privacy?: string | null }): boolean {
  return isPublicStatus(video.status) && (video.privacy ?? 'public') === 'public';
}

/**
 * Whether the video page (and its file) may be shown: public statuses to everyone unless the video is
 * private, every video to the owner and to staff. An unlisted video opens by its link like a public one.
 * A video the viewer may not see is answered as if it did not exist.
 */
export function canViewVideo(viewer: Viewer, video: VideoSubject): boolean {
  if (viewer?.id === video.userId || isVideoStaff(viewer)) return true;
  return isPublicStatus(video.status) && video.privacy !== 'private';
}

/** A view of a video counts for anyone but its owner and staff, who watch it to look after it (issue 35). */
export function countsAsView(viewer: Viewer, ownerId: string): boolean {
  return viewer?.id !== ownerId && !isVideoStaff(viewer);
}

/** Why a video was declined is for its owner and staff alone (issue 35). */
export function canReadDeclineReason(viewer: Viewer, ownerId: string): boolean {
  return viewer?.id === ownerId || isVideoStaff(viewer);
}

/**
 * Which file a viewer who may see the video plays (issue 17): the original for the owner and staff, who
 * judge its quality, and for a buyer who holds a completed license of it (what they paid for); the
 * watermarked preview for everyone else.
 */
export function playbackRendition(
  viewer: Viewer,
  video: Pick<VideoSubject, 'userId'>,
  licensed: boolean,
): 'original' | 'preview' {
  return viewer?.id === video.userId || isVideoStaff(viewer) || (viewer !== null && licensed)
    ? 'original'
    : 'preview';
}

/** Whether the viewer's rendition could depend on a license they hold (so whether to look one up). */
export function renditionNeedsLicense(
  viewer: Viewer,
  video: Pick<VideoSubject, 'userId'>,
): viewer is NonNullable<Viewer> {
  return viewer !== null && playbackRendition(viewer, video, false) === 'preview';
}

/**
 * Who reads what the original file says of its filming, its hash and its copies (issue 33): staff and
 * license managers, who vouch for clips, and a buyer holding a completed license of it, who relies on one.
 */
export function canSeeProvenance(viewer: Viewer, licensed: boolean): boolean {
  return isVideoStaff(viewer) || isLicenseManager(viewer) || (viewer !== null && licensed);
}

/**
 * What the viewer may do with a video they can see; the routes that do these things check the same.
 * `licensed`: the viewer holds a completed license of it.
 */
export function videoAbilities(viewer: Viewer, video: VideoSubject, licensed = false): VideoAbilities {
  return {
    edit: canEditVideo(viewer, video),
    moderate: isVideoStaff(viewer),
    suggestEdit: canSuggestEdit(viewer, video),
    // Visitors and unverified members see it too: they are sent to sign in or to the verification.
    license: mayOfferLicense(viewer, video),
    provenance: canSeeProvenance(viewer, licensed),
  };
}

/**
 * Which statuses a listing may return (`undefined`: every status), or 'none' when the answer is an empty
 * list. Owners asking for their own videos and staff may filter by any status; anyone else sees only the
 * public statuses, and asking for a hidden status gets nothing rather than someone's hidden videos.
 */
export function listableStatuses(
  viewer: Viewer,
  query: { userId?: string; status?: VideoStatus },
): readonly VideoStatus[] | undefined | 'none' {
  const seesAll = isVideoStaff(viewer) || (query.userId !== undefined && query.userId === viewer?.id);
  if (seesAll) return query.status ? [query.status] : undefined;
  if (!query.status) return PUBLIC_VIDEO_STATUSES;
  return PUBLIC_VIDEO_STATUSES.includes(query.status) ? [query.status] : 'none';
}

/**
 * Which privacy a listing may return (`undefined`: any): owners listing their own videos and staff see
 * private and unlisted ones; anyone else only public ones (unlisted videos open by their link only).
 */
export function listablePrivacy(viewer: Viewer, query: { userId?: string }): 'public' | undefined {
  const seesAll = isVideoStaff(viewer) || (query.userId !== undefined && query.userId === viewer?.id);
  return seesAll ? undefined : 'public';
}

/** Owners and staff edit a video (SPEC 6); nobody else. */
export function canEditVideo(
  viewer: Pick<CallerFacts, 'id' | 'rights'> | null,
  video: { userId: string },
): boolean {
  return !!viewer && (viewer.id === video.userId || isVideoStaff(viewer));
}

/** Verified members other than the owner suggest edits (SPEC 6); the owner edits the video instead. */
export function canSuggestEdit(viewer: Viewer, video: { userId: string }): boolean {
  return viewer?.verified === true && viewer.id !== video.userId;
}
