import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';

/** Cursors are opaque to callers: the id of the last video of the previous page. */
export function encodeCursor(videoId: string): string {
  return Buffer.from(videoId).toString('base64url');
}

export function decodeCursor(value: string): string | null {
  const id = Buffer.from(value, 'base64url').toString();
  return /^[A-Za-z0-9-]{1,64}$/.test(id) ? id : null;
}

export function videosRepository(db: Kysely<DB>) {
  return {
    /**
     * Newest first, keyset-paged on (created_at, id). Loads one row more than asked to know whether
     * another page exists (SPEC 7 collection paging).
     */
    listByStatus(statuses: readonly string[], limit: number, afterId: string | null) {
      let query = db
        .selectFrom('videos')
        .innerJoin('users', 'users.id', 'videos.user_id')
        .select([
          'videos.id',
          'videos.title',
          'videos.thumbnail',
          'videos.youtube_id',
          'videos.duration',
          'videos.status',
          'videos.created_at',
          'users.id as user_id',
          'users.name as user_name',
        ])
        .where('videos.status', 'in', statuses)
        .orderBy('videos.created_at', 'desc')
        .orderBy('videos.id', 'desc')
        .limit(limit + 1);
      if (afterId) {
        // Compare in the database, at its full timestamp precision, against the cursor row.
        query = query.where(
          sql<boolean>`(videos.created_at, videos.id) < (select v.created_at, v.id from videos v where v.id = ${afterId})`,
        );
      }
      return query.execute();
    },
  };
}
