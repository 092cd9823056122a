import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** What deciding who may see a video's thumbnail needs: the video's owner, status and privacy. */
export function videoThumbnailsRepository(db: Kysely<DB>) {
  return {
    /** The video whose thumbnail is stored at `path`, found by its id (thumbnails are `{id}.jpg`). */
    findByThumbnail(videoId: string, path: string) {
      return db
        .selectFrom('videos')
        .select(['user_id', 'status', 'privacy'])
        .where('id', '=', videoId)
        .where('thumbnail', '=', path)
        .executeTakeFirst();
    },
  };
}
