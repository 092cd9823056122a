import type {
  EditableVideo,
  EditSuggestion,
  EditSuggestionInput,
  EditSuggestionList,
  VideoEdit,
} from '../../../common/contracts/video-edits';
import { parseExternalVideoId } from '../../../common/external-video-link';
import { parseKeywords } from '../../../common/keywords';
import type { Storage } from '../../adapters/storage/storage';
import { searchColumns } from '../../db/search-columns';
import { AppError, notFound } from '../../errors';
import type { Caller } from '../../policies/caller';
import { canEditVideo, canSuggestEdit, canViewVideo } from '../../policies/video.policy';
import { type Executor, inTransaction } from '../../repositories/executor';
import { type VideoEditValues, videoEditsRepository } from '../../repositories/video-edits.repository';
import { cursorAfter, pageOf } from '../paging';
import type { editSuggestionNotifier } from './edit-suggestion-notifier';
import { presentEditableVideo } from './editable-video-presenter';
import { syncKeywordSummary } from './keyword-summary-sync';
import { presentSuggestion } from './suggestion-presenter';

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
 * A video the caller may not see is answered as if it did not exist (404), never "forbidden".
 */
export function videoEditService(deps: {
  db: Executor;
  now: () => Date;
  storage: Storage;
  /** Tells the suggester, inside the deciding transaction (noticeChannelsIn). */
  notifierIn: (trx: Executor) => Pick<ReturnType<typeof editSuggestionNotifier>, 'notify'>;
  /**
   * Matches the edited video against the standing requests, inside the editing transaction: a video made
   * public, or given the keyword a buyer waits for, tells them (once per request; only a licensable one).
   */
  standingRequestsIn?: (trx: Executor) => { videoLicensable(videoId: string): Promise<void> };
}) {
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
    await deps.standingRequestsIn?.(trx).videoLicensable(video.id);
  }

  const reads = videoEditsRepository(deps.db);

  /** The form's row of a video the caller may see (visibility as the video page has it). */
  async function visible(caller: Caller | null, videoId: string) {
    const row = await reads.editable(videoId);
    if (!row || !canViewVideo(caller, { userId: row.user_id, status: row.status, privacy: row.privacy })) {
      throw notFound();
    }
    return row;
  }

  /** A page of suggestions, each as this caller may see it. */
  async function suggestionPage(
    caller: Caller,
    filter: { status?: EditSuggestion['status']; suggestedBy?: string },
    query: { limit: number; cursor?: string },
  ): Promise<EditSuggestionList> {
    const { limit } = query;
    const rows = await reads.listSuggestions({ ...filter, limit, afterId: cursorAfter(query.cursor) });
    return pageOf(rows, limit, (row) => presentSuggestion(row, deps.storage, caller));
  }

  /** A decided suggestion as staff see it now (its suggester was told in the deciding transaction). */
  async function decided(staff: Caller, suggestionId: string): Promise<EditSuggestion> {
    const [row] = await reads.listSuggestions({ id: suggestionId, limit: 1, afterId: null });
    if (!row) throw notFound();
    return presentSuggestion(row, deps.storage, staff);
  }

  return {
    /** The edit form of a video the caller may see, with whether they may edit it or only suggest. */
    async editable(caller: Caller | null, videoId: string): Promise<EditableVideo> {
      return presentEditableVideo(await visible(caller, videoId), deps.storage, caller);
    },

    /** Saves the edit form (owner or staff, checked against the locked row) and answers the form anew. */
    async edit(caller: Caller, videoId: string, input: VideoEdit): Promise<EditableVideo> {
      await inTransaction(deps.db, async (trx) => {
        const video = await videoEditsRepository(trx).lockEditable(videoId);
        if (!video) throw new AppError('NOT_FOUND', 404);
        if (!canEditVideo(caller, { userId: video.user_id })) throw new AppError('NOT_AUTHORIZED', 403);
        await write(trx, video, normaliseEdit(input), caller.id);
      });
      return presentEditableVideo(await visible(caller, videoId), deps.storage, caller);
    },

    /**
     * Stores a suggestion of a video the caller may see, with the values it was made against; one of the
     * caller's own video, or one that changes nothing, is refused.
     */
    async suggest(caller: Caller, videoId: string, input: EditSuggestionInput): Promise<{ id: string }> {
      const video = await visible(caller, videoId);
      // The caller is verified (the endpoint's access): the one left who may not suggest is the owner.
      if (!canSuggestEdit(caller, { userId: video.user_id })) throw new AppError('OWN_VIDEO', 403);
      const original = {
        title: video.title,
        description: video.description,
        keywords: video.keywords,
        externalUrl: video.external_url,
      };
      const proposed = normaliseSuggestion(input);
      if (Object.keys(changedFields(proposed, original)).length === 0) throw nothingChanged();
      return reads.insertSuggestion({ videoId: video.id, suggestedBy: caller.id, proposed, original });
    },

    /** Suggestions of one status, oldest first, for staff. */
    suggestions: (
      staff: Caller,
      query: { status: EditSuggestion['status']; limit: number; cursor?: string },
    ) => suggestionPage(staff, { status: query.status }, query),

    /** The caller's own suggestions and their outcome, newest first. */
    mySuggestions: (caller: Caller, query: { limit: number; cursor?: string }) =>
      suggestionPage(caller, { suggestedBy: caller.id }, query),

    /**
     * Applies a pending suggestion: only the fields it changed are written (an owner's later edit of the
     * others stays). The edit byline credits the suggester, whose words the video now shows; the staff
     * member who decided is recorded on the suggestion.
     */
    async apply(staff: Caller, suggestionId: string): Promise<EditSuggestion> {
      await inTransaction(deps.db, async (trx) => {
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
          by: staff.id,
          at: deps.now(),
          reason: null,
        });
        await deps.notifierIn(trx).notify(suggestionId);
      });
      return decided(staff, suggestionId);
    },

    async reject(staff: Caller, suggestionId: string, reason: string): Promise<EditSuggestion> {
      await inTransaction(deps.db, async (trx) => {
        const edits = videoEditsRepository(trx);
        const suggestion = await edits.lockSuggestion(suggestionId);
        if (!suggestion) throw new AppError('NOT_FOUND', 404);
        if (suggestion.status !== 'pending') throw new AppError('SUGGESTION_ALREADY_DECIDED', 409);
        await edits.decideSuggestion(suggestionId, {
          status: 'rejected',
          by: staff.id,
          at: deps.now(),
          reason,
        });
        await deps.notifierIn(trx).notify(suggestionId);
      });
      return decided(staff, suggestionId);
    },
  };
}
export type VideoEditService = ReturnType<typeof videoEditService>;

/** The edit form's values as stored: keywords parsed, the external link's id extracted. */
function normaliseEdit(input: VideoEdit): VideoEditValues {
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
function normaliseSuggestion(input: EditSuggestionInput): SuggestionFields {
  return {
    title: input.title,
    description: input.description,
    keywords: parseKeywords(input.keywords),
    externalUrl: input.externalUrl || null,
  };
}
