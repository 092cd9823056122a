/**
 * Query keys more than one part of the app refreshes: the feature that reads the data and the live
 * events (`live-events.ts`) that tell it changed must name the same key.
 */

/** Everything that shows money of the signed-in user: balances, history, withdrawal requests. */
export const EARNINGS_KEY = ['me', 'earnings'] as const;

/** The platform settings, edited by the admin's settings page and read by the admin's money forms. */
export const APP_SETTINGS_KEY = ['admin', 'settings'] as const;

/** Every video list, card and page (a status, an edit or an upload changes them). */
export const VIDEOS_KEY = ['videos'] as const;

/** One video's page (the video page and the license form share it). */
export const videoDetailKey = (videoId: string | undefined) => [...VIDEOS_KEY, 'detail', videoId] as const;

/** The signed-in user's own counts and lists (dashboard, referrals). */
export const ME_KEY = ['users', 'me'] as const;

/** Every license request list, page, payment and conversation. */
export const LICENSE_REQUESTS_KEY = ['license-requests'] as const;

/** One license request's page: every answer about the request is this view, put here as it comes. */
export const licenseRequestKey = (id: string | undefined) => [...LICENSE_REQUESTS_KEY, 'detail', id] as const;

/** The member's own edit suggestions. */
export const MY_SUGGESTIONS_KEY = ['video_edits', 'mine'] as const;

/** A member's public profile (their page, the inviter on /join and on sign-up); a profile save refreshes it. */
export const userProfileKey = (userId: string | null | undefined) => ['users', 'profile', userId] as const;

/** The member's standing requests and what they matched (a live match refreshes them). */
export const STANDING_REQUESTS_KEY = ['standing-requests'] as const;
