import type { ComponentType } from 'react';

/**
 * Every screen but the ones people land on (router.tsx's \`landingPage\`s), by name. The route table names
 * them and this index, loaded with the first of them, imports them: each import carries the list of chunks
 * its screen needs, so they come in parallel, and the lists of all of them were 5 KB gzip of every first
 * page. The price is one small request the first time a screen from here opens.
 */
export const SCREENS = {
  videos: () => import('../features/videos/videos-page').then((module) => module.VideosPage),
  search: () => import('../features/search/search-page').then((module) => module.SearchPage),
  upload: () => import('../features/upload/upload-page').then((module) => module.UploadPage),
  videoEdit: () => import('../features/video-edit/video-edit-page').then((module) => module.VideoEditPage),
  editSuggestion: () =>
    import('../features/video-edit/edit-suggestion-page').then((module) => module.EditSuggestionPage),
  licenseCreate: () =>
    import('../features/licensing/license-create-page').then((module) => module.LicenseCreatePage),
  videoEdits: () => import('../features/moderation/video-edits-page').then((module) => module.VideoEditsPage),
  join: () => import('./join-route').then((module) => module.JoinRoute),
  terms: () => import('../features/site-documents/terms-page').then((module) => module.TermsPage),
  privacy: () => import('../features/site-documents/privacy-page').then((module) => module.PrivacyPage),
  adminLicenseRequests: () =>
    import('../features/licensing/license-list-pages').then((module) => module.AdminLicenseRequestsPage),
  adminLicenseRequest: () =>
    import('../features/licensing/license-request-page').then((module) => module.AdminLicenseRequestPage),
  dashboard: () => import('../features/back-office/dashboard-page').then((module) => module.DashboardPage),
  adminSettings: () => import('./admin-settings-route').then((module) => module.AdminSettingsRoute),
  abuseQueue: () =>
    import('../features/abuse-queue/abuse-queue-page').then((module) => module.AbuseQueuePage),
  users: () => import('../features/back-office/users-page').then((module) => module.UsersPage),
  user: () => import('../features/back-office/user-page').then((module) => module.UserPage),
  withdrawalRequests: () =>
    import('../features/admin-money/withdrawal-requests-page').then(
      (module) => module.WithdrawalRequestsPage,
    ),
  withdrawalRequest: () =>
    import('../features/admin-money/withdrawal-request-page').then((module) => module.WithdrawalRequestPage),
  adminTransactions: () =>
    import('../features/admin-money/transactions-page').then((module) => module.TransactionsPage),
  mrss: () => import('../features/mrss/mrss-page').then((module) => module.MrssPage),
  audit: () => import('../features/back-office/audit-page').then((module) => module.AuditPage),
  myProfile: () => import('../features/profiles/my-profile-page').then((module) => module.MyProfilePage),
  myVideos: () => import('../features/profiles/my-videos-page').then((module) => module.MyVideosPage),
  referrals: () => import('../features/referrals/referrals-page').then((module) => module.ReferralsPage),
  mySuggestions: () =>
    import('../features/suggestions/my-suggestions-page').then((module) => module.MySuggestionsPage),
  standingRequests: () =>
    import('../features/search/standing-requests/standing-requests-page').then(
      (module) => module.StandingRequestsPage,
    ),
  collections: () =>
    import('../features/collections/collections-page').then((module) => module.CollectionsPage),
  collection: () => import('../features/collections/collection-page').then((module) => module.CollectionPage),
  sharedCollection: () =>
    import('../features/collections/shared-collection-page').then((module) => module.SharedCollectionPage),
  demand: () =>
    import('../features/search/standing-requests/demand-page').then((module) => module.DemandPage),
  unsubscribe: () =>
    import('../features/search/standing-requests/unsubscribe-page').then((module) => module.UnsubscribePage),
  sandboxCheckout: () =>
    import('../features/payments/sandbox-checkout-page').then((module) => module.SandboxCheckoutPage),
  transactions: () =>
    import('../features/earnings/transactions-page').then((module) => module.TransactionsPage),
  analytics: () => import('../features/analytics/analytics-page').then((module) => module.AnalyticsPage),
  settingsLayout: () =>
    import('../features/settings/settings-layout').then((module) => module.SettingsLayout),
  settingsInfo: () =>
    import('../features/settings/settings-info-page').then((module) => module.SettingsInfoPage),
  billing: () => import('../features/settings/billing-page').then((module) => module.BillingPage),
  authSettings: () =>
    import('../features/settings/auth-settings-page').then((module) => module.AuthSettingsPage),
  community: () => import('../features/profiles/community-page').then((module) => module.CommunityPage),
  userProfile: () =>
    import('../features/profiles/user-profile-page').then((module) => module.UserProfilePage),
  myLicenses: () =>
    import('../features/licensing/license-list-pages').then((module) => module.MyLicensesPage),
  myLicense: () =>
    import('../features/licensing/license-request-page').then((module) => module.MyLicensePage),
  pay: () => import('../features/payments/pay-page').then((module) => module.PayPage),
  bundleCreate: () =>
    import('../features/licensing/bundles/bundle-create-page').then((module) => module.BundleCreatePage),
  bundle: () => import('../features/licensing/bundles/bundle-page').then((module) => module.BundlePage),
} satisfies Record<string, () => Promise<ComponentType>>;

export type ScreenName = keyof typeof SCREENS;
