import type { EditSuggestionInput, VideoEdit } from '../../../common/contracts/video-edits';
import { parseExternalVideoId } from '../../../common/external-video-link';
import { parseKeywords } from '../../../common/keywords';
import { searchColumns } from '../../db/search-columns';
import { AppError } from '../../errors';
import { type Executor, inTransaction } from '../../repositories/executor';
import { type VideoEditValues, videoEditsRepository } from '../../repositories/video-edits.repository';
import { syncKeywordSummary } from './keyword-summary-sync';

interface SuggestionFields {
  title: string;
  description: string;
  keywords: string[];
  externalUrl: string | null;
}

/** The fields of a suggestion whose proposed value differs from the value it was made against. */
export function changedFields(proposed: SuggestionFields, original: SuggestionFields) {
  const changed: Partial<SuggestionFields> = {};
  if (proposed.title !== original.title) changed.title = proposed.title;
  if (proposed.description !== original.description) changed.description = proposed.description;
  if (proposed.keywords.join('\n') !== original.keywords.join('\n')) changed.keywords = proposed.keywords;
  if ((proposed.externalUrl ?? '') !== (original.externalUrl ?? ''))
    changed.externalUrl = proposed.externalUrl;
  return changed;
}

const nothingChanged = () =>
  new AppError('VALIDATION_FAILED', 400, undefined, [
    { field: 'title', message: 'edit.errors.nothingChanged' },
  ]);

/**
 * Edits of a video (SPEC 2.6, 3) by its owner or staff, and edit suggestions by other users applied by
 * staff. Every write sets the edit author and date and keeps the keyword summary in the same transaction.
 */
export function videoEditService(deps: { db: Executor; now: () => Date }) {
  /**
   * Writes the fields, and moves the keyword counts from the old keywords to the new ones when the video
   * is publicly listed (a privacy change lists or unlists it; a hidden video's edit changes no count).
   */
  async function write(
    trx: Executor,
    video: {
      id: string;
      title: string;
      description: string;
      keywords: string[];
      status: string;
      privacy: string;
    },
    values: Partial<VideoEditValues>,
    editorId: string,
  ) {
    // Search reads folded copies of the texts: they change with them, in the same write.
    const search = searchColumns({
      title: values.title ?? video.title,
      description: values.description ?? video.description,
      keywords: values.keywords ?? video.keywords,
    });
    await videoEditsRepository(trx).update(video.id, values, { id: editorId, at: deps.now() }, search);
    await syncKeywordSummary(trx, video, {
      keywords: values.keywords ?? video.keywords,
      status: video.status,
      privacy: values.privacy ?? video.privacy,
    });
  }

  const reads = videoEditsRepository(deps.db);
  return {
    /** The edit form's row of a video (visibility is the caller's to check). */
    editable: (videoId: string) => reads.editable(videoId),

    /** Suggestions by status, by suggester or one by id, with the values they were made against. */
    listSuggestions: (options: Parameters<typeof reads.listSuggestions>[0]) => reads.listSuggestions(options),

    /** Saves the edit form; `canEdit` is checked against the locked row (owner or staff). */
    async edit(
      videoId: string,
      editor: { id: string },
      canEdit: (video: { userId: string }) => boolean,
      input: VideoEditValues,
    ) {
      await inTransaction(deps.db, async (trx) => {
        const video = await videoEditsRepository(trx).lockEditable(videoId);
        if (!video) throw new AppError('NOT_FOUND', 404);
        if (!canEdit({ userId: video.user_id })) throw new AppError('NOT_AUTHORIZED', 403);
        await write(trx, video, input, editor.id);
      });
    },

    /** Stores a suggestion with the values it was made against; one that changes nothing is refused. */
    async suggest(video: SuggestionFields & { id: string }, suggesterId: string, input: SuggestionFields) {
      const original = {
        title: video.title,
        description: video.description,
        keywords: video.keywords,
        externalUrl: video.externalUrl,
      };
      if (Object.keys(changedFields(input, original)).length === 0) throw nothingChanged();
      return videoEditsRepository(deps.db).insertSuggestion({
        videoId: video.id,
        suggestedBy: suggesterId,
        proposed: input,
        original,
      });
    },

    /**
     * Applies a pending suggestion: only the fields it changed are written (an owner's later edit of the
     * others stays). The edit byline credits the suggester, whose words the video now shows; the staff
     * member who decided is recorded on the suggestion.
     */
    async apply(suggestionId: string, staffId: string) {
      return inTransaction(deps.db, async (trx) => {
        const edits = videoEditsRepository(trx);
        const suggestion = await edits.lockSuggestion(suggestionId);
        if (!suggestion) throw new AppError('NOT_FOUND', 404);
        if (suggestion.status !== 'pending') throw new AppError('SUGGESTION_ALREADY_DECIDED', 409);
        const video = await edits.lockEditable(suggestion.video_id);
        if (!video) throw new AppError('NOT_FOUND', 404);
        const changed = changedFields(
          {
            title: suggestion.title,
            description: suggestion.description,
            keywords: suggestion.keywords,
            externalUrl: suggestion.external_url,
          },
          {
            title: suggestion.original_title,
            description: suggestion.original_description,
            keywords: suggestion.original_keywords,
            externalUrl: suggestion.original_external_url,
          },
        );
        const values: Partial<VideoEditValues> = { ...changed };
        if ('externalUrl' in changed) {
          values.youtubeId = changed.externalUrl ? parseExternalVideoId(changed.externalUrl) : null;
        }
        await write(trx, video, values, suggestion.suggested_by);
        await edits.decideSuggestion(suggestionId, {
          status: 'applied',
          by: staffId,
          at: deps.now(),
          reason: null,
        });
        return suggestion;
      });
    },

    async reject(suggestionId: string, staffId: string, reason: string) {
      return inTransaction(deps.db, async (trx) => {
        const edits = videoEditsRepository(trx);
        const suggestion = await edits.lockSuggestion(suggestionId);
        if (!suggestion) throw new AppError('NOT_FOUND', 404);
        if (suggestion.status !== 'pending') throw new AppError('SUGGESTION_ALREADY_DECIDED', 409);
        await edits.decideSuggestion(suggestionId, {
          status: 'rejected',
          by: staffId,
          at: deps.now(),
          reason,
        });
        return suggestion;
      });
    },
  };
}
export type VideoEditService = ReturnType<typeof videoEditService>;

/** The edit form's values as stored: keywords parsed, the external link's id extracted. */
export function normaliseEdit(input: VideoEdit): VideoEditValues {
  const externalUrl = input.externalUrl || null;
  return {
    title: input.title,
    description: input.description,
    keywords: parseKeywords(input.keywords),
    date: input.date,
    time: input.time,
    location: input.location,
    categoryId: input.categoryId,
    privacy: input.privacy,
    externalUrl,
    youtubeId: externalUrl ? parseExternalVideoId(externalUrl) : null,
  };
}

/** A suggestion's values as stored. */
export function normaliseSuggestion(input: EditSuggestionInput): SuggestionFields {
  return {
    title: input.title,
    description: input.description,
    keywords: parseKeywords(input.keywords),
    externalUrl: input.externalUrl || null,
  };
}
