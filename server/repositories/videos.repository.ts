import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB } from '../db/schema';

/**
 * Which videos a listing shows: of these statuses (any when undefined) and this privacy (any when
 * undefined). Publicly listed (`isPubliclyListed`) is the public statuses with privacy `public`.
 */
export interface VideoVisibility {
  statuses?: readonly string[] | undefined;
  privacy?: string | undefined;
}

/**
 * The SQL condition of a visibility on the videos table (or its alias): the one spelling of the rule
 * that lists, search and counts share, so they never disagree on which videos someone may see.
 */
export function visibleVideos(visibility: VideoVisibility, table = 'videos'): RawBuilder<boolean> {
  const conditions: RawBuilder<unknown>[] = [];
  if (visibility.statuses) {
    conditions.push(sql`${sql.ref(`${table}.status`)} = any(${visibility.statuses as string[]}::text[])`);
  }
  if (visibility.privacy) conditions.push(sql`${sql.ref(`${table}.privacy`)} = ${visibility.privacy}`);
  return conditions.length > 0 ? sql<boolean>`(${sql.join(conditions, sql` and `)})` : sql<boolean>`true`;
}

/** The videos with their owner, the owner's referrer and the last editor: what a card shows. */
export function videoCards(db: Kysely<DB>) {
  return db
    .selectFrom('videos')
    .innerJoin('users', 'users.id', 'videos.user_id')
    .leftJoin('users as referrers', 'referrers.id', 'users.referrer_id')
    .leftJoin('users as editors', 'editors.id', 'videos.edit_author_id')
    .select([
      'videos.id',
      'videos.title',
      'videos.thumbnail',
      'videos.thumbnail_variants',
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
      let query = videoCards(db)
        .where(visibleVideos({ statuses, privacy }))
        .orderBy('videos.created_at', 'desc')
        .orderBy('videos.id', 'desc')
        .limit(limit + 1);
      if (userId) query = query.where('videos.user_id', '=', userId);
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
      return videoCards(db)
        .select([
          'videos.description',
          'videos.keywords',
          'videos.date',
          'videos.privacy',
          'videos.time',
          'videos.location',
          'videos.external_url',
          'videos.path',
          'videos.preview_status',
          'videos.preview_key',
        ])
        .where('videos.id', '=', id)
        .executeTakeFirst();
    },

    /** What the "From the file" card says of a video's original (issue 33). */
    findFileFacts(id: string) {
      return (
        db
          .selectFrom('videos as v')
          .leftJoin('video_fingerprints as f', 'f.video_id', 'v.id')
          .leftJoin('video_copy_matches as m', 'm.video_id', 'v.id')
          .select(['v.capture_metadata', 'v.sha256', 'v.size_bytes', 'v.created_at', 'v.date', 'v.time'])
          .select(['v.location', 'v.path', 'm.decision as copy_decision'])
          // What the check of the frames found: not run yet, nothing, or a copy (staff's decision beside it).
          .select((eb) => [
            eb.fn.coalesce(eb('f.video_id', 'is not', null), eb.lit(false)).as('fingerprinted'),
            eb('m.video_id', 'is not', null).as('copy_found'),
          ])
          .where('v.id', '=', id)
          .executeTakeFirst()
      );
    },
  };
}
/** One card's columns, as `videoCards` selects them. */
export type VideoCardRow = Awaited<ReturnType<ReturnType<typeof videoCards>['execute']>>[number];
export type VideoPageRow = NonNullable<Awaited<ReturnType<ReturnType<typeof videosRepository>['findById']>>>;
