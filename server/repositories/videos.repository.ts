import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';

/** The videos with their owner, the owner's referrer and the last editor: what a card shows. */
function cardQuery(db: Kysely<DB>) {
  return db
    .selectFrom('videos')
    .innerJoin('users', 'users.id', 'videos.user_id')
    .leftJoin('users as referrers', 'referrers.id', 'users.referrer_id')
    .leftJoin('users as editors', 'editors.id', 'videos.edit_author_id')
    .select([
      'videos.id',
      'videos.title',
      'videos.thumbnail',
      'videos.youtube_id',
      'videos.duration',
      'videos.status',
      'videos.processing_error',
      'videos.created_at',
      'users.id as user_id',
      'users.name as user_name',
      'referrers.id as referrer_id',
      'referrers.name as referrer_name',
      'videos.edit_date',
      'editors.id as editor_id',
      'editors.name as editor_name',
    ]);
}

export function videosRepository(db: Kysely<DB>) {
  return {
    /**
     * Newest first, keyset-paged on (created_at, id), of some statuses (all when not given) and
     * maybe of one user. Loads one row more than asked to know whether
     * another page exists (SPEC 7 collection paging).
     */
    list(options: {
      statuses?: readonly string[];
      userId?: string;
      /** Only videos of this privacy (lists of other people's videos show public ones only). */
      privacy?: string;
      limit: number;
      afterId: string | null;
    }) {
      const { statuses, userId, privacy, limit, afterId } = options;
      let query = cardQuery(db)
        .orderBy('videos.created_at', 'desc')
        .orderBy('videos.id', 'desc')
        .limit(limit + 1);
      if (statuses) query = query.where('videos.status', 'in', statuses);
      if (userId) query = query.where('videos.user_id', '=', userId);
      if (privacy) query = query.where('videos.privacy', '=', privacy);
      if (afterId) {
        // Compare in the database, at its full timestamp precision, against the cursor row.
        query = query.where(
          sql<boolean>`(videos.created_at, videos.id) < (select v.created_at, v.id from videos v where v.id = ${afterId})`,
        );
      }
      return query.execute();
    },

    /** One video with everything its page shows, or undefined. */
    findById(id: string) {
      return cardQuery(db)
        .select([
          'videos.description',
          'videos.keywords',
          'videos.date',
          'videos.privacy',
          'videos.time',
          'videos.location',
          'videos.external_url',
          'videos.path',
        ])
        .where('videos.id', '=', id)
        .executeTakeFirst();
    },
  };
}
export type VideoCardRow = Awaited<ReturnType<ReturnType<typeof videosRepository>['list']>>[number];
export type VideoPageRow = NonNullable<Awaited<ReturnType<ReturnType<typeof videosRepository>['findById']>>>;
