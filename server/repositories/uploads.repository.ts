import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** The video rows as uploads see them: who owns a video, whether it waits for its file, and claiming it. */
export function uploadsRepository(db: Kysely<DB>) {
  return {
    /** The video an upload is for: its owner, status and file path (set once a file arrived). */
    findTarget(videoId: string) {
      return db
        .selectFrom('videos')
        .select(['id', 'user_id', 'status', 'path'])
        .where('id', '=', videoId)
        .executeTakeFirst();
    },

    /**
     * Gives the video its file, only while it still waits for one: of two uploads for the same video that
     * finish together, the database lets exactly one through. True when this one won.
     */
    async claimFile(file: {
      videoId: string;
      userId: string;
      path: string;
      fileName: string;
      sizeBytes: number;
    }) {
      const claimed = await db
        .updateTable('videos')
        // A new file has not been judged yet: the reason an earlier one was refused no longer applies.
        .set({
          path: file.path,
          file_name: file.fileName,
          size_bytes: file.sizeBytes,
          processing_error: null,
        })
        .where('id', '=', file.videoId)
        .where('user_id', '=', file.userId)
        .where('status', '=', 'not_uploaded')
        .where('path', 'is', null)
        .returning('id')
        .executeTakeFirst();
      return claimed !== undefined;
    },

    /** Undoes a claim whose file could not be stored, so the video waits for a file again. */
    async releaseFile(videoId: string, path: string) {
      await db
        .updateTable('videos')
        .set({ path: null, size_bytes: null })
        .where('id', '=', videoId)
        .where('path', '=', path)
        .execute();
    },
  };
}
export type UploadsRepository = ReturnType<typeof uploadsRepository>;
