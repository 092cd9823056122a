import type { Kysely } from 'kysely';
import type { ProfileImageKind } from '../../common/contracts/profile-images';
import type { DB } from '../db/schema';

/** The columns that hold the pictures' URLs: users.image and user_profiles.cover_image. */
export function profileImagesRepository(db: Kysely<DB>) {
  return {
    async find(userId: string) {
      return db
        .selectFrom('users')
        .leftJoin('user_profiles', 'user_profiles.user_id', 'users.id')
        .select(['users.image as avatar', 'user_profiles.cover_image as cover'])
        .where('users.id', '=', userId)
        .executeTakeFirst();
    },
    async hasProfile(userId: string) {
      const row = await db
        .selectFrom('user_profiles')
        .select('user_id')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },
    /** Returns whether a row took the URL (a cover needs the profile row to exist). */
    async set(kind: ProfileImageKind, userId: string, url: string | null, now: Date): Promise<boolean> {
      const result =
        kind === 'avatar'
          ? await db
              .updateTable('users')
              .set({ image: url, updated_at: now })
              .where('id', '=', userId)
              .executeTakeFirst()
          : await db
              .updateTable('user_profiles')
              .set({ cover_image: url, updated_at: now })
              .where('user_id', '=', userId)
              .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
