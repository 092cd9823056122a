import type { Insertable } from 'kysely';
import type { DB } from '../db/schema';
import { searchColumns } from '../db/search-columns';
import type { Executor } from './executor';

/** A new video as a submission writes it: everything but the search columns, which are derived here. */
export type NewVideo = Omit<
  Insertable<DB['videos']>,
  'keywords_normalized' | 'title_folded' | 'description_folded'
> & { keywords: string[]; title: string; description: string };

/** Writes of a video's first row and of its withdrawal, for the main and the TV submissions alike. */
export function videoSubmissionsRepository(db: Executor) {
  return {
    /** Inserts the video with its folded search columns (DESIGN "Search": one writer, one rule). */
    async insert(video: NewVideo): Promise<void> {
      await db
        .insertInto('videos')
        .values({
          ...video,
          ...searchColumns({ title: video.title, description: video.description, keywords: video.keywords }),
        })
        .execute();
    },

    /** The caller's own video under a row lock (inside a transaction), or undefined. */
    lockOwn(videoId: string, userId: string) {
      return db
        .selectFrom('videos')
        .select(['keywords', 'path', 'status', 'privacy', 'signature_path'])
        .where('id', '=', videoId)
        .where('user_id', '=', userId)
        .forUpdate()
        .executeTakeFirst();
    },

    async remove(videoId: string): Promise<void> {
      await db.deleteFrom('videos').where('id', '=', videoId).execute();
    },
  };
}
