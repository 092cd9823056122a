import type { Kysely, Transaction } from 'kysely';
import type { VideoLocation } from '../../common/contracts/location';
import type { DB } from '../db/schema';
import type { searchColumns } from '../db/search-columns';

/** The fields an edit writes (SPEC 3 "Video edit", 2.6 edit form). */
export interface VideoEditValues {
  title: string;
  description: string;
  keywords: string[];
  date: string | null;
  time: string | null;
  location: VideoLocation | null;
  categoryId: number;
  privacy: string;
  externalUrl: string | null;
  youtubeId: string | null;
}

/** Reading and writing a video's editable fields, and the edit suggestions of other users. */
export function videoEditsRepository(db: Kysely<DB> | Transaction<DB>) {
  const editableColumns = [
    'videos.id',
    'videos.user_id',
    'videos.title',
    'videos.description',
    'videos.keywords',
    'videos.date',
    'videos.time',
    'videos.location',
    'videos.category_id',
    'videos.privacy',
    'videos.external_url',
    'videos.youtube_id',
    'videos.thumbnail',
    'videos.status',
  ] as const;

  return {
    editable(videoId: string) {
      return db.selectFrom('videos').select(editableColumns).where('id', '=', videoId).executeTakeFirst();
    },

    /** The same, locked until the transaction ends (an edit reads the old keywords it replaces). */
    lockEditable(videoId: string) {
      return db
        .selectFrom('videos')
        .select(editableColumns)
        .where('id', '=', videoId)
        .forUpdate()
        .executeTakeFirst();
    },

    /** Writes the given fields, the edit byline, and the search columns of the texts after the edit. */
    async update(
      videoId: string,
      values: Partial<VideoEditValues>,
      editor: { id: string; at: Date },
      search: ReturnType<typeof searchColumns>,
    ) {
      await db
        .updateTable('videos')
        .set({
          ...search,
          title: values.title,
          description: values.description,
          keywords: values.keywords,
          date: values.date,
          time: values.time,
          location:
            values.location === undefined ? undefined : values.location && JSON.stringify(values.location),
          category_id: values.categoryId,
          privacy: values.privacy,
          external_url: values.externalUrl,
          youtube_id: values.youtubeId,
          edit_author_id: editor.id,
          edit_date: editor.at,
        })
        .where('id', '=', videoId)
        .execute();
    },

    insertSuggestion(values: {
      videoId: string;
      suggestedBy: string;
      proposed: { title: string; description: string; keywords: string[]; externalUrl: string | null };
      original: { title: string; description: string; keywords: string[]; externalUrl: string | null };
    }) {
      return db
        .insertInto('video_edit_suggestions')
        .values({
          video_id: values.videoId,
          suggested_by: values.suggestedBy,
          title: values.proposed.title,
          description: values.proposed.description,
          keywords: values.proposed.keywords,
          external_url: values.proposed.externalUrl,
          original_title: values.original.title,
          original_description: values.original.description,
          original_keywords: values.original.keywords,
          original_external_url: values.original.externalUrl,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    },

    lockSuggestion(suggestionId: string) {
      return db
        .selectFrom('video_edit_suggestions')
        .selectAll()
        .where('id', '=', suggestionId)
        .forUpdate()
        .executeTakeFirst();
    },

    async decideSuggestion(
      suggestionId: string,
      decision: { status: 'applied' | 'rejected'; by: string; at: Date; reason: string | null },
    ) {
      await db
        .updateTable('video_edit_suggestions')
        .set({
          status: decision.status,
          decided_by: decision.by,
          decided_at: decision.at,
          reason: decision.reason,
        })
        .where('id', '=', suggestionId)
        .execute();
    },

    /**
     * Suggestions with their video's current values, keyset-paged on (created_at, id): of one status
     * oldest first (the staff queue), or of one suggester newest first (their own outcomes).
     */
    listSuggestions(options: {
      status?: string;
      suggestedBy?: string;
      id?: string;
      limit: number;
      afterId: string | null;
    }) {
      const newestFirst = options.suggestedBy !== undefined;
      let query = db
        .selectFrom('video_edit_suggestions as s')
        .innerJoin('videos', 'videos.id', 's.video_id')
        .innerJoin('users as suggesters', 'suggesters.id', 's.suggested_by')
        .leftJoin('users as deciders', 'deciders.id', 's.decided_by')
        .selectAll('s')
        .select([
          'videos.title as video_title',
          'videos.description as video_description',
          'videos.keywords as video_keywords',
          'videos.external_url as video_external_url',
          'videos.thumbnail as video_thumbnail',
          // What the visibility policy needs: the video's current values are shown only to who may see it.
          'videos.user_id as video_user_id',
          'videos.status as video_status',
          'videos.privacy as video_privacy',
          'suggesters.name as suggester_name',
          'deciders.name as decider_name',
        ])
        .orderBy('s.created_at', newestFirst ? 'desc' : 'asc')
        .orderBy('s.id', newestFirst ? 'desc' : 'asc')
        .limit(options.limit + 1);
      if (options.status) query = query.where('s.status', '=', options.status);
      if (options.suggestedBy) query = query.where('s.suggested_by', '=', options.suggestedBy);
      if (options.id) query = query.where('s.id', '=', options.id);
      if (options.afterId) {
        const after = db
          .selectFrom('video_edit_suggestions')
          .select(['created_at', 'id'])
          .where('id', '=', options.afterId);
        query = query.where(({ eb, refTuple, selectFrom }) =>
          eb(
            refTuple('s.created_at', 's.id'),
            newestFirst ? '<' : '>',
            selectFrom(after.as('a')).select(['a.created_at', 'a.id']).$asTuple('created_at', 'id'),
          ),
        );
      }
      return query.execute();
    },
  };
}
