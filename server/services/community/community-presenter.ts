import type { Role } from '../../../common/constants';
import type { CommunityMember, Referral, UserProfile } from '../../../common/contracts/users';
import { isFullyVerified } from '../../../common/contracts/verification';
import type { communityRepository } from '../../repositories/community.repository';

type Community = ReturnType<typeof communityRepository>;
type MemberRow = Awaited<ReturnType<Community['listVerified']>>[number];
type ProfileRow = NonNullable<Awaited<ReturnType<Community['findProfile']>>>;
type ReferralRow = Awaited<ReturnType<Community['listReferrals']>>[number];

/** What a referred member's first sale earned the referrer (earnings' `referralEarnings`). */
interface ReferralEarning {
  firstSaleAt: Date | null;
  bonus: Referral['bonus'];
}

/** A member of the community list: public fields and the count of their publicly listed videos. */
export function presentMember(row: MemberRow): CommunityMember {
  return {
    id: row.id,
    name: row.name,
    image: row.image,
    isVerified: row.is_verified,
    publicVideos: Number(row.public_videos),
  };
}

/** A public profile; who invited the member only when the viewer may see it (admins). */
export function presentProfile(row: ProfileRow, withReferrer: boolean): UserProfile {
  return {
    id: row.id,
    name: row.name,
    image: row.image,
    coverImage: row.cover_image,
    bio: row.bio ?? '',
    role: (row.role as Role | null) ?? null,
    isVerified: row.is_verified === true,
    publicVideos: Number(row.public_videos),
    joinedAt: row.created_at.toISOString(),
    ...(withReferrer && {
      referredBy:
        row.referrer_id && row.referrer_name !== null
          ? { id: row.referrer_id, name: row.referrer_name }
          : null,
    }),
  };
}

/** A member the caller invited: whether they are verified, and what their first sale earned the caller. */
export function presentReferral(row: ReferralRow, earned: ReferralEarning | undefined): Referral {
  return {
    id: row.id,
    name: row.name,
    image: row.image,
    joinedAt: row.created_at.toISOString(),
    verified: isFullyVerified({
      emailVerified: row.email_verified,
      phoneNumber: row.phone_number,
      profileVerified: row.profile_verified === true,
      accountVerified: row.account_verified === true,
    }),
    firstSaleAt: earned?.firstSaleAt?.toISOString() ?? null,
    bonus: earned?.bonus ?? null,
  };
}
