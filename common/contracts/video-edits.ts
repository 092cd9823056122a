import { z } from 'zod';
import { isVisibleCategory, VIDEO_PRIVACY } from '../categories';
import { cursorPage } from './cursor-page';
import { videoLocation } from './location';
import { shootingTimeFields } from './shooting-time';
import { videoTextFields } from './video-text';
import { videoPerson } from './videos';

/**
 * Editing a video (SPEC 2.6 "video edit form", 3 "Video edit") by its owner or staff, and edit
 * suggestions by other verified users. Messages are i18n keys under `edit.errors`.
 */

const { title, description, keywords, externalUrl } = videoTextFields({
  titleRequired: 'edit.errors.titleRequired',
  titleMaxLength: 'edit.errors.titleMaxLength',
  titleAllowedChars: 'edit.errors.allowedChars',
  descriptionRequired: 'edit.errors.descriptionRequired',
  descriptionMaxLength: 'edit.errors.descriptionMaxLength',
  descriptionAllowedChars: 'edit.errors.allowedChars',
  keywordsTooMany: 'edit.errors.keywordsTooMany',
  keywordTooLong: 'edit.errors.keywordTooLong',
  keywordsAllowedChars: 'edit.errors.allowedChars',
  externalUrlInvalid: 'edit.errors.externalUrlInvalid',
});

const shooting = shootingTimeFields({
  dateInvalid: 'edit.errors.dateInvalid',
  dateInFuture: 'edit.errors.dateInFuture',
  timeInvalid: 'edit.errors.timeInvalid',
});

export const videoEditBody = z.object({
  title,
  description,
  keywords,
  /** Shooting date YYYY-MM-DD and optional time HH:MM; empty or null when unknown. */
  date: shooting.date.nullable(),
  time: shooting.time.nullable(),
  location: videoLocation.nullable(),
  categoryId: z.number().int().refine(isVisibleCategory, { error: 'edit.errors.categoryInvalid' }),
  privacy: z.enum(VIDEO_PRIVACY, { error: 'edit.errors.privacyInvalid' }),
  externalUrl,
});
export type VideoEditBody = z.input<typeof videoEditBody>;
export type VideoEdit = z.infer<typeof videoEditBody>;

/** What the edit and suggestion forms start from (`GET /api/videos/{videoId}/editable`). */
export const editableVideo = z.object({
  id: z.string(),
  userId: z.string(),
  title: z.string(),
  description: z.string(),
  keywords: z.array(z.string()),
  date: z.string().nullable(),
  time: z.string().nullable(),
  location: videoLocation.nullable(),
  categoryId: z.number().int(),
  privacy: z.enum(VIDEO_PRIVACY),
  externalUrl: z.string().nullable(),
  youtubeId: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  /** The caller may edit it (owner or staff), or only suggest (another verified user). */
  canEdit: z.boolean(),
  canSuggest: z.boolean(),
});
export type EditableVideo = z.infer<typeof editableVideo>;

/** `POST /api/videos/{videoId}/edit_suggestions`: the fields of SPEC 3 "Video edit". */
export const editSuggestionBody = z.object({ title, description, keywords, externalUrl });
export type EditSuggestionBody = z.input<typeof editSuggestionBody>;
export type EditSuggestionInput = z.infer<typeof editSuggestionBody>;

/** The suggestion just stored (201): staff decide it later. */
export const editSuggestionCreated = z.object({ id: z.string() });

export const EDIT_SUGGESTION_STATUSES = ['pending', 'applied', 'rejected'] as const;

const suggestionValues = z.object({
  title: z.string(),
  description: z.string(),
  keywords: z.array(z.string()),
  externalUrl: z.string().nullable(),
});
export type SuggestionValues = z.infer<typeof suggestionValues>;

/**
 * The video's title, thumbnail and current values are null when the caller may no longer see the video
 * (its owner made it private, say): the suggester keeps what they proposed, what they saw, and the outcome.
 */
export const editSuggestion = z.object({
  id: z.string(),
  videoId: z.string(),
  videoTitle: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  suggestedBy: videoPerson,
  createdAt: z.string(),
  status: z.enum(EDIT_SUGGESTION_STATUSES),
  proposed: suggestionValues,
  /** The video's values when the suggestion was made. */
  original: suggestionValues,
  /** The video's values now (they may have changed since); null when the video is hidden from the caller. */
  current: suggestionValues.nullable(),
  decidedBy: videoPerson.nullable(),
  decidedAt: z.string().nullable(),
  reason: z.string().nullable(),
});
export type EditSuggestion = z.infer<typeof editSuggestion>;

export const editSuggestionListQuery = z.object({
  status: z.enum(EDIT_SUGGESTION_STATUSES).default('pending'),
  limit: z.coerce.number().int().min(1).max(48).default(12),
  cursor: z.string().max(200).optional(),
});
/** `GET /api/me/edit_suggestions`: the suggester sees all of theirs, whatever the outcome. */
export const myEditSuggestionListQuery = editSuggestionListQuery.omit({ status: true });
export const editSuggestionList = cursorPage(editSuggestion);
export type EditSuggestionList = z.infer<typeof editSuggestionList>;

export const rejectSuggestionBody = z.object({
  reason: z
    .string()
    .trim()
    .min(1, { error: 'edit.errors.reasonRequired' })
    .max(1000, { error: 'edit.errors.reasonTooLong' }),
});

export const suggestionIdParams = z.object({ suggestionId: z.string().uuid() });
