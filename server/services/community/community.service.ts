import { PUBLIC_VIDEO_STATUSES } from '../../../common/video-status';
import { notFound } from '../../errors';
import { communityRepository } from '../../repositories/community.repository';
import type { Executor } from '../../repositories/executor';

/** Members as others see them (public fields and publicly listed video counts), and a member's own circle. */
export function communityService(deps: { db: Executor }) {
  const community = communityRepository(deps.db, PUBLIC_VIDEO_STATUSES);
  return {
    /** Verified members, newest first, maybe filtered by name (one row more than `limit`). */
    members: (options: { query?: string; limit: number; afterId: string | null }) =>
      community.listVerified(options),

    /** A public profile; an unknown member is not found. */
    async profile(userId: string) {
      const user = await community.findProfile(userId);
      if (!user) throw notFound();
      return user;
    },

    /** The members a user invited, newest first (one row more than `limit`). */
    referrals: (userId: string, limit: number, afterId: string | null) =>
      community.listReferrals(userId, limit, afterId),

    /** The dashboard's counts of a user's own videos (every status) and invited members. */
    async dashboardCounts(userId: string) {
      const [videos, referrals] = await Promise.all([
        community.countVideos(userId),
        community.countReferrals(userId),
      ]);
      return { videos, referrals };
    },
  };
}
