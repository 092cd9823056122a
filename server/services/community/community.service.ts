import { PUBLIC_VIDEO_STATUSES } from '../../../common/video-status';
import { notFound } from '../../errors';
import type { CallerFacts } from '../../policies/caller';
import { canSeeReferrer } from '../../policies/staff.policy';
import { communityRepository } from '../../repositories/community.repository';
import type { Executor } from '../../repositories/executor';
import type { earningsService } from '../earnings/earnings.service';
import type { licenseRequestsService } from '../licensing/license-requests.service';
import { cursorAfter, pageOf } from '../paging';
import { presentMember, presentProfile, presentReferral } from './community-presenter';

/** A page of a list, as the endpoints' queries give it. */
interface PageQuery {
  limit: number;
  cursor?: string;
}

/**
 * Members as others see them (public fields and publicly listed video counts), and a member's own
 * circle: the dashboard's counts and the members they invited, with what each one's first sale earned.
 */
export function communityService(deps: {
  db: Executor;
  licenseRequests: Pick<ReturnType<typeof licenseRequestsService>, 'countMine'>;
  earnings: Pick<ReturnType<typeof earningsService>, 'salesCount' | 'referralEarnings'>;
}) {
  const community = communityRepository(deps.db, PUBLIC_VIDEO_STATUSES);
  return {
    /** Verified members, newest first, maybe filtered by name. */
    async members(query: PageQuery & { q?: string }) {
      const afterId = cursorAfter(query.cursor);
      const rows = await community.listVerified({ query: query.q, limit: query.limit, afterId });
      return pageOf(rows, query.limit, presentMember);
    },

    /** A public profile; an unknown member is not found. */
    async profile(viewer: Pick<CallerFacts, 'rights'> | null, userId: string) {
      const user = await community.findProfile(userId);
      if (!user) throw notFound();
      return presentProfile(user, canSeeReferrer(viewer));
    },

    /** The members the caller invited, newest first. */
    async referrals(callerId: string, query: PageQuery) {
      const rows = await community.listReferrals(callerId, query.limit, cursorAfter(query.cursor));
      const shown = rows.slice(0, query.limit).map((row) => row.id);
      const earned = await deps.earnings.referralEarnings(callerId, shown);
      return pageOf(rows, query.limit, (row) => presentReferral(row, earned.get(row.id)));
    },

    /** The dashboard's counts: own videos (every status), licenses bought and sold, invited members. */
    async dashboard(callerId: string) {
      const [videos, referrals, licenses, sales] = await Promise.all([
        community.countVideos(callerId),
        community.countReferrals(callerId),
        deps.licenseRequests.countMine(callerId),
        deps.earnings.salesCount(callerId),
      ]);
      return { videos, licenses, sales, referrals };
    },
  };
}
