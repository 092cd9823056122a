import { z } from 'zod';
import { DECLINE_REASONS, VIDEO_STATUSES } from '../video-status';
import { videoLocation } from './location';

/** A user as a video shows them (SPEC 3 "User (as displayed)"). */
export const videoPerson = z.object({ id: z.string(), name: z.string() });
export type VideoPerson = z.infer<typeof videoPerson>;

export const videoCard = z.object({
  id: z.string(),
  title: z.string(),
  thumbnailUrl: z.string().nullable(),
  /** The thumbnail in WebP at card widths (`url 320w, url 480w, url 640w`), null until they are made. */
  thumbnailSrcSet: z.string().nullable(),
  youtubeId: z.string().nullable(),
  duration: z.string().nullable(),
  status: z.enum(VIDEO_STATUSES),
  /** Why processing could not use the file ('NOT_A_VIDEO'); shown to the owner instead of the status. */
  processingError: z.string().nullable(),
  createdAt: z.string(),
  user: videoPerson,
  /** Who referred the owner: present for admins only (SPEC 2.3), absent for everyone else. */
  referredBy: videoPerson.nullable().optional(),
  /** The last edit (SPEC 2.3 "edited by"), null when the video was never edited. */
  editedBy: videoPerson.nullable(),
  editDate: z.string().nullable(),
});
export type VideoCard = z.infer<typeof videoCard>;

export const videoListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(48).default(12),
  cursor: z.string().max(200).optional(),
  /** One user's videos: all of them for the owner and staff, the public ones for anyone else. */
  userId: z.string().min(1).max(64).optional(),
  /**
   * Only videos of this status. Owners (with their own `userId`) and staff may ask for any status;
   * anyone else asking for a status that is not public gets an empty list, never someone's hidden videos.
   */
  status: z.enum(VIDEO_STATUSES).optional(),
});

export const videoListResponse = z.object({
  items: z.array(videoCard),
  /** Pass back as `cursor` for the next page; null at the end. */
  nextCursor: z.string().nullable(),
});
export type VideoListResponse = z.infer<typeof videoListResponse>;

/** What the caller may do with a video; the server refuses the same things (SPEC 6). */
export const videoAbilities = z.object({
  edit: z.boolean(),
  suggestEdit: z.boolean(),
  moderate: z.boolean(),
  license: z.boolean(),
  /** Reads the "From the file" card (GET /api/videos/{videoId}/provenance). */
  provenance: z.boolean(),
});
export type VideoAbilities = z.infer<typeof videoAbilities>;

/** A license of the video that the caller bought and holds (completed, not refunded). */
export const heldLicense = z.object({
  requestId: z.string(),
  typeNameEn: z.string(),
  typeNameEl: z.string(),
  completedAt: z.string(),
});
export type HeldLicense = z.infer<typeof heldLicense>;

/** `GET /api/videos/{videoId}`: the video page (SPEC 2.1, 2.3). */
export const videoDetail = videoCard.extend({
  description: z.string(),
  keywords: z.array(z.string()),
  /** Shooting date (YYYY-MM-DD) and optional time (HH:MM). */
  date: z.string().nullable(),
  time: z.string().nullable(),
  location: videoLocation.nullable(),
  externalUrl: z.string().nullable(),
  /** The native file exists; its playback URL comes from `/playback`. */
  hasFile: z.boolean(),
  abilities: videoAbilities,
  /** The caller's licenses of this video: the page offers their original and certificate. */
  heldLicenses: z.array(heldLicense),
  /** The statuses the caller may move the video to (staff: the review queue's buttons); empty for others. */
  nextStatuses: z.array(z.enum(VIDEO_STATUSES)),
  /** Why a declined video was declined, for its owner and staff; null otherwise. */
  declined: z.object({ reason: z.enum(DECLINE_REASONS), note: z.string().nullable() }).nullable(),
});
export type VideoDetail = z.infer<typeof videoDetail>;

export const videoIdParams = z.object({ videoId: z.string().uuid() });

/** A video's page opened (issue 35): the search's words when search results led there. */
export const videoOpenBody = z.object({ searchWords: z.string().max(200).optional() });

/** Which file the player gets: the watermarked preview, or the original (the owner and staff only). */
export const PLAYBACK_RENDITIONS = ['preview', 'original'] as const;
export type PlaybackRendition = (typeof PLAYBACK_RENDITIONS)[number];

/**
 * `GET /api/videos/{videoId}/playback`: which rendition the caller gets and, when it is ready, a signed,
 * expiring URL of it that answers byte ranges. Everyone but the owner and staff gets the watermarked
 * preview, never the original (issue 17); while the preview is being made `ready` is false and there is
 * no URL. The page asks again before `expiresAt` (SPEC 2.3 "reloads the playback source").
 */
export const videoPlayback = z.object({
  rendition: z.enum(PLAYBACK_RENDITIONS),
  ready: z.boolean(),
  url: z.string().nullable(),
  expiresAt: z.string().nullable(),
  contentType: z.string().nullable(),
});
export type VideoPlayback = z.infer<typeof videoPlayback>;

/** One entry of the keyword summary (SPEC 3 "Video data summary"): the normal form, as shown, how many videos. */
export const keywordCount = z.object({ keyword: z.string(), label: z.string(), count: z.number().int() });
export type KeywordCount = z.infer<typeof keywordCount>;

/**
 * How long a playback URL works; the page asks for a new one two minutes before (SPEC 2.3). Short, because
 * a URL cannot be taken back: after a refund or a privacy change the next renewal gets what the caller may
 * see now (docs/security.md, "Signed URLs").
 */
export const PLAYBACK_URL_SECONDS = 10 * 60;

/** `GET /api/keywords`: the most used keywords (the home page's popular keywords). */
export const keywordsQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });
export const keywordsResponse = z.object({ keywords: z.array(keywordCount) });
export type KeywordsResponse = z.infer<typeof keywordsResponse>;
