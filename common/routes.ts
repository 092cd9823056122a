/**
 * Every path of the main app (SPEC 2.1). The web router, server redirects and links all use these;
 * `buildPath` fills the `:name` parameters.
 */
export const ROUTES = {
  home: '/',
  signIn: '/auth/sign_in',
  signUp: '/auth/sign_up',
  forgotPassword: '/auth/forgot_password',
  me: '/me',
  myVideos: '/me/videos',
  myReferrals: '/me/referrals',
  mySuggestions: '/me/suggestions',
  myLicenses: '/me/licenses',
  myLicense: '/me/licenses/:licenseRequestId',
  myLicensePay: '/me/licenses/:licenseRequestId/pay',
  /** The sandbox payment provider's checkout page (test mode; PAYMENT_PROVIDER=sandbox). */
  sandboxCheckout: '/payments/sandbox/:sessionId',
  myTransactions: '/me/transactions',
  /** A creator's analytics of their videos (issue 35). */
  myAnalytics: '/me/analytics',
  /** A buyer's saved searches that tell of new footage (issue 34). */
  myStandingRequests: '/me/standing_requests',
  /** A buyer's collections of clips, one of them, and a shared one by its secret link (issue 34). */
  myCollections: '/me/collections',
  myCollection: '/me/collections/:collectionId',
  /** One license request for several clips of a collection, and that request (issue 34). */
  myCollectionLicense: '/me/collections/:collectionId/license',
  myLicenseBundle: '/me/license_bundles/:bundleId',
  sharedCollection: '/collections/shared/:token',
  /** What buyers' standing requests ask for, for creators, never who asks (issue 34). */
  demand: '/demand',
  /** An alert e-mail's unsubscribe link: pauses the request without signing in. */
  standingRequestUnsubscribe: '/standing_requests/:standingRequestId/unsubscribe',
  settings: '/me/settings',
  settingsAuth: '/me/settings/auth',
  settingsInfo: '/me/settings/info',
  settingsBilling: '/me/settings/billing',
  users: '/users',
  user: '/users/:userId',
  videos: '/videos',
  search: '/videos/search',
  searchResults: '/videos/search/:keyword',
  upload: '/videos/upload',
  video: '/videos/:videoId',
  videoEdit: '/videos/:videoId/edit',
  videoEditSuggestion: '/videos/:videoId/edit_suggestion',
  videoLicense: '/videos/:videoId/license',
  videoEdits: '/video_edits',
  join: '/join/:userId',
  terms: '/terms',
  privacy: '/privacy',
  admin: '/admin',
  adminSettings: '/admin/settings',
  adminUsers: '/admin/users',
  adminUser: '/admin/users/:userId',
  adminAudit: '/admin/audit',
  adminLicenseRequests: '/admin/license_requests',
  adminLicenseRequest: '/admin/license_requests/:licenseRequestId',
  adminWithdrawalRequests: '/admin/withdrawal_requests',
  adminWithdrawalRequest: '/admin/withdrawal_requests/:withdrawalRequestId',
  adminTransactions: '/admin/transactions',
  adminMrss: '/admin/mrss',
  adminAbuseReports: '/admin/abuse_reports',
} as const;

export type RouteName = keyof typeof ROUTES;

/**
 * Builds a path from a pattern: fills each `:name` with its URI-encoded value (commas kept readable) and
 * collapses double slashes.
 * A parameter with no value is an error, so a broken link fails loudly instead of pointing nowhere.
 */
export function buildPath(pattern: string, params: Record<string, string | number> = {}): string {
  const filled = pattern.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '')
      throw new Error(`Missing route parameter "${name}" for ${pattern}`);
    // A comma is allowed in a path segment (RFC 3986): a keyword list reads "sea,sun", not "sea%2Csun".
    return encodeURIComponent(String(value)).replaceAll('%2C', ',');
  });
  return filled.replace(/\/{2,}/g, '/');
}

/**
 * The `/_/*` redirect (SPEC 2.1): drops every path segment that is only underscores,
 * keeps the query and hash. `/_/videos/_/x?a=1` becomes `/videos/x?a=1`.
 */
export function stripUnderscoreSegments(url: string): string {
  const match = /^([^?#]*)(.*)$/.exec(url);
  const path = match?.[1] ?? '';
  const rest = match?.[2] ?? '';
  const segments = path.split('/').filter((segment) => segment !== '' && !/^_+$/.test(segment));
  return `/${segments.join('/')}${rest}`;
}

/** Whether a path is under the underscore redirect. */
export function isUnderscorePath(path: string): boolean {
  return path === '/_' || path.startsWith('/_/');
}

/** Page title (SPEC 2.1): route names, most specific first, joined with ' | '; the brand alone on home. */
export function buildTitle(namesMostSpecificFirst: readonly string[], brand: string): string {
  const names = namesMostSpecificFirst.map((name) => name.trim()).filter((name) => name !== '');
  return [...names, brand].join(' | ');
}

/** `/videos/search/{keywords joined by commas}` (SPEC 2.3), or the search page when none are chosen. */
export function searchResultsPath(keywords: readonly string[]): string {
  return keywords.length === 0
    ? ROUTES.search
    : buildPath(ROUTES.searchResults, { keyword: keywords.join(',') });
}

/** The search for keywords typed in a box, split on commas (the header's box, SPEC 2.2). */
export function typedSearchPath(text: string): string {
  return searchResultsPath(
    text
      .split(',')
      .map((word) => word.trim())
      .filter(Boolean),
  );
}

/**
 * The name of the header box's field: a search sent before the app runs (a page the server rendered) is
 * a plain form submission to the search page, which the server sends on to the results
 * (server/plugins/web-app.ts; the search page does the same where no server of ours answers, in development).
 */
export const TYPED_SEARCH_FIELD = 'keywords';
