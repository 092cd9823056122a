import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';
import { keysetPage } from './keyset-page';
import { likeContaining } from './like-pattern';
import { visibleVideos } from './videos.repository';

/** Lists of users, newest first: the cursor is the last user's id. */
const NEWEST_USERS = { table: 'users', alias: 'users' };

/**
 * Users as others see them: profile pages, the community list, referrals. `publicStatuses` are the
 * statuses public lists show; a member's public videos are the publicly listed ones (those statuses
 * and privacy `public`), as anyone else sees them in the lists.
 */
export function communityRepository(db: Kysely<DB>, publicStatuses: readonly string[]) {
  const listed = visibleVideos({ statuses: publicStatuses, privacy: 'public' }, 'v');
  const publicVideos = (userId: ReturnType<typeof sql.ref>) =>
    sql<number>`(select count(*) from videos v where v.user_id = ${userId} and ${listed})`;

  return {
    findProfile(userId: string) {
      return db
        .selectFrom('users')
        .leftJoin('user_profiles', 'user_profiles.user_id', 'users.id')
        .leftJoin('user_accounts', 'user_accounts.user_id', 'users.id')
        .leftJoin('users as referrer', 'referrer.id', 'users.referrer_id')
        .select([
          'users.id',
          'users.name',
          'users.image',
          'users.created_at',
          'user_profiles.cover_image',
          'user_profiles.bio',
          'user_profiles.is_verified',
          'user_accounts.role',
          'referrer.id as referrer_id',
          'referrer.name as referrer_name',
          publicVideos(sql.ref('users.id')).as('public_videos'),
        ])
        .where('users.id', '=', userId)
        .executeTakeFirst();
    },

    /** Verified users, newest first, one more than asked (to know whether more exist). */
    listVerified(options: { query?: string; limit: number; afterId: string | null }) {
      let query = db
        .selectFrom('users')
        .innerJoin('user_profiles', 'user_profiles.user_id', 'users.id')
        .select([
          'users.id',
          'users.name',
          'users.image',
          'user_profiles.is_verified',
          publicVideos(sql.ref('users.id')).as('public_videos'),
        ])
        .where('user_profiles.is_verified', '=', true);
      if (options.query) query = query.where('users.name', 'ilike', likeContaining(options.query));
      return keysetPage(query, NEWEST_USERS, options).execute();
    },

    /** The users a user invited, newest first, one more than asked. */
    listReferrals(referrerId: string, limit: number, afterId: string | null) {
      const query = db
        .selectFrom('users')
        .leftJoin('user_profiles', 'user_profiles.user_id', 'users.id')
        .leftJoin('user_accounts', 'user_accounts.user_id', 'users.id')
        .select([
          'users.id',
          'users.name',
          'users.image',
          'users.created_at',
          'users.email_verified',
          'users.phone_number',
          'user_profiles.is_verified as profile_verified',
          'user_accounts.is_verified as account_verified',
        ])
        .where('users.referrer_id', '=', referrerId);
      return keysetPage(query, NEWEST_USERS, { limit, afterId }).execute();
    },

    async countReferrals(referrerId: string): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('referrer_id', '=', referrerId)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    async countVideos(userId: string): Promise<number> {
      const row = await db
        .selectFrom('videos')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },
  };
}
