/**
 * Query keys more than one part of the app refreshes: the feature that reads the data and the live
 * events (`live-events.ts`) that tell it changed must name the same key.
 */

/** Everything that shows money of the signed-in user: balances, history, withdrawal requests. */
export const EARNINGS_KEY = ['me', 'earnings'] as const;

/** The platform settings, edited by the admin's settings page and read by the admin's money forms. */
export const APP_SETTINGS_KEY = ['admin', 'settings'] as const;
