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

    /** Up to `limit` videos after `afterId` (by id) whose thumbnail has no WebP sizes yet. */
    withoutVariants(afterId: string, limit: number) {
      return db
        .selectFrom('videos')
        .select(['id', 'thumbnail'])
        .where('thumbnail', 'is not', null)
        .where('thumbnail_variants', '=', false)
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .$narrowType<{ thumbnail: string }>()
        .execute();
    },

    /** Records that the thumbnail at `path` has its WebP sizes, unless the video moved on to another. */
    async markVariants(videoId: string, path: string): Promise<boolean> {
      const result = await db
        .updateTable('videos')
        .set({ thumbnail_variants: true })
        .where('id', '=', videoId)
        .where('thumbnail', '=', path)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}
