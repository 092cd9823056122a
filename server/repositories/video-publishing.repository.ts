import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema';

/** Statuses a video has while YouTube has a copy the removal check should look at. */
const ON_YOUTUBE = ['yt_uploaded', 'ready'];

/** The reads and writes of publishing videos to YouTube (issue 21). */
export function videoPublishingRepository(db: Kysely<DB> | Transaction<DB>) {
  return {
    /** What an upload sends: the details, the file, and the status it must still have. */
    findForUpload(videoId: string) {
      return db
        .selectFrom('videos')
        .select([
          'id',
          'status',
          'title',
          'description',
          'keywords',
          'category_id',
          'privacy',
          'path',
          'file_name',
          'youtube_upload_session',
        ])
        .where('id', '=', videoId)
        .executeTakeFirst();
    },

    /** The status, keywords and privacy, locked until the transaction ends (as moderation locks them). */
    lockStatus(videoId: string) {
      return db
        .selectFrom('videos')
        .select(['id', 'status', 'keywords', 'privacy'])
        .where('id', '=', videoId)
        .forUpdate()
        .executeTakeFirst();
    },

    async setStatus(videoId: string, status: string): Promise<void> {
      await db.updateTable('videos').set({ status }).where('id', '=', videoId).execute();
    },

    /** Keeps the address of the video's new upload session, before its bytes go. */
    async keepUploadSession(videoId: string, address: string): Promise<void> {
      await db
        .updateTable('videos')
        .set({ youtube_upload_session: address })
        .where('id', '=', videoId)
        .execute();
    },

    async setPublished(videoId: string, youtubeId: string): Promise<void> {
      await db
        .updateTable('videos')
        .set({ youtube_id: youtubeId, youtube_published_at: sql<Date>`now()`, youtube_upload_session: null })
        .where('id', '=', videoId)
        .execute();
    },

    /** Videos published to the channel that should still be there, by YouTube id. */
    listOnYouTube() {
      return db
        .selectFrom('videos')
        .select(['id', 'youtube_id'])
        .where('youtube_published_at', 'is not', null)
        .where('youtube_id', 'is not', null)
        .where('status', 'in', ON_YOUTUBE)
        .execute();
    },
  };
}
