import { z } from 'zod';
import { ROLES } from '../constants';
import { cursorPage } from './cursor-page';

/** What anyone may see of a user (more comes with the profile pages). */
export const publicUser = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
});
export type PublicUser = z.infer<typeof publicUser>;
export const userIdParams = z.object({ userId: z.string().min(1).max(64) });

/** A public profile page (SPEC 2.1 /users/{id}, /me): never e-mail, phone or billing data. */
export const userProfile = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  coverImage: z.string().nullable(),
  bio: z.string(),
  role: z.enum(ROLES).nullable(),
  isVerified: z.boolean(),
  publicVideos: z.number(),
  joinedAt: z.string(),
  /** Who invited the user: shown to admins only (SPEC 6), absent for everyone else. */
  referredBy: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
});
export type UserProfile = z.infer<typeof userProfile>;

const pageQuery = {
  limit: z.coerce.number().int().min(1).max(48).default(24),
  cursor: z.string().max(200).optional(),
};

/** The community (/users): verified users, newest first, maybe filtered by name. */
export const communityQuery = z.object({ ...pageQuery, q: z.string().trim().max(50).optional() });
export const communityMember = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  isVerified: z.boolean(),
  publicVideos: z.number(),
});
export type CommunityMember = z.infer<typeof communityMember>;
export const communityResponse = cursorPage(communityMember);

/** The users someone invited (/me/referrals). */
export const referralsQuery = z.object(pageQuery);
export const referral = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  joinedAt: z.string(),
  verified: z.boolean(),
  /** Their first sale, which earns the referrer a bonus; null while they have not sold. */
  firstSaleAt: z.string().nullable(),
  /** The referral bonus their first sale earned the caller (SPEC 9: 10% of it). */
  bonus: z.object({ amountCents: z.number().int(), currency: z.string() }).nullable(),
});
export type Referral = z.infer<typeof referral>;
export const referralsResponse = cursorPage(referral);

/** The dashboard on /me: counts of the user's own things. */
export const dashboardResponse = z.object({
  videos: z.number(),
  /** License requests the member made as a buyer. */
  licenses: z.number(),
  /** Licenses sold of the member's videos that stand (not refunded). */
  sales: z.number(),
  referrals: z.number(),
});
