import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** A preview's state as the video row keeps it (migration 0013). */
export type PreviewStatus = 'pending' | 'ready' | 'failed';

/** Queries of the preview job (server/jobs/video-preview.job.ts) and the backfill. */
export function videoPreviewsRepository(db: Kysely<DB>) {
  return {
    /** The original a preview is made from; undefined when the video is gone. */
    findSource(videoId: string) {
      return db
        .selectFrom('videos')
        .select(['path', 'status', 'duration', 'preview_status', 'preview_key'])
        .where('id', '=', videoId)
        .executeTakeFirst();
    },

    /**
     * The preview at `key` is stored: only while the video still has the original it was made from
     * (a new upload in the meantime makes its own). False when the video moved on.
     */
    async markReady(
      videoId: string,
      sourcePath: string,
      key: string,
      rendition: { width: number; height: number; sizeBytes: number },
    ): Promise<boolean> {
      const result = await db
        .updateTable('videos')
        .set({
          preview_status: 'ready',
          preview_key: key,
          preview_error: null,
          // What a Media RSS feed says of the file (its media:content width, height, fileSize)
          preview_width: rendition.width,
          preview_height: rendition.height,
          preview_size_bytes: rendition.sizeBytes,
        })
        .where('id', '=', videoId)
        .where('path', '=', sourcePath)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** No preview can be made of this original; the video's own status stays as it is. */
    async markFailed(videoId: string, sourcePath: string, error: string): Promise<void> {
      await db
        .updateTable('videos')
        .set({ preview_status: 'failed', preview_error: error })
        .where('id', '=', videoId)
        .where('path', '=', sourcePath)
        .execute();
    },

    /** Every processed video without a ready preview becomes pending (the backfill); their ids. */
    async markMissingPending(): Promise<string[]> {
      const rows = await db
        .updateTable('videos')
        .set({ preview_status: 'pending', preview_error: null })
        .where('path', 'is not', null)
        .where('status', '<>', 'not_uploaded')
        .where((eb) => eb.or([eb('preview_status', 'is', null), eb('preview_status', '<>', 'ready')]))
        .returning('id')
        .execute();
      return rows.map((row) => row.id);
    },

    /** The videos waiting for a preview, to queue when the server starts. */
    async pendingIds(): Promise<string[]> {
      const rows = await db
        .selectFrom('videos')
        .select('id')
        .where('preview_status', '=', 'pending')
        .execute();
      return rows.map((row) => row.id);
    },
  };
}
