import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

type Part = 'thumbnail_path' | 'signature_path';

/** Pending TV submissions (0008-tv): the parts that have arrived, until they become a video or expire. */
export function tvSubmissionsRepository(db: Kysely<DB>) {
  return {
    async insert(row: { id: string; tokenHash: string; ip: string }) {
      await db
        .insertInto('tv_submissions')
        .values({ id: row.id, token_hash: row.tokenHash, ip: row.ip })
        .execute();
    },

    find(id: string) {
      return db.selectFrom('tv_submissions').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async setPart(id: string, part: Part, path: string) {
      await db
        .updateTable('tv_submissions')
        .set({ [part]: path })
        .where('id', '=', id)
        .execute();
    },

    /** Remembers the resumable upload carrying the file, so a discarded submission can remove its bytes. */
    async setUploadId(id: string, uploadId: string) {
      await db.updateTable('tv_submissions').set({ upload_id: uploadId }).where('id', '=', id).execute();
    },

    /** Gives the submission its file, once: of two uploads finishing together only one wins. */
    async claimVideo(id: string, file: { path: string; fileName: string; sizeBytes: number }) {
      const claimed = await db
        .updateTable('tv_submissions')
        .set({ video_path: file.path, video_file_name: file.fileName, video_size_bytes: file.sizeBytes })
        .where('id', '=', id)
        .where('video_path', 'is', null)
        .returning('id')
        .executeTakeFirst();
      return claimed !== undefined;
    },

    async releaseVideo(id: string, path: string) {
      await db
        .updateTable('tv_submissions')
        .set({ video_path: null, video_file_name: null, video_size_bytes: null })
        .where('id', '=', id)
        .where('video_path', '=', path)
        .execute();
    },

    /** Removes the row and returns what it held (undefined when it was already gone). */
    remove(id: string) {
      return db.deleteFrom('tv_submissions').where('id', '=', id).returningAll().executeTakeFirst();
    },

    /** The ids of submissions opened before `before`: abandoned, to be discarded. */
    async expiredIds(before: Date) {
      const rows = await db
        .selectFrom('tv_submissions')
        .select('id')
        .where('created_at', '<', before)
        .execute();
      return rows.map((row) => row.id);
    },
  };
}
export type TvSubmissionsRepository = ReturnType<typeof tvSubmissionsRepository>;
