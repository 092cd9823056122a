import { Navigate, type RouteObject } from 'react-router';
import { ROUTES } from '../../common/routes';
import type { RouteHandle } from '../lib/route-title';
import { AuthRoute } from './auth-route';
import { page } from './lazy-page';
import type { LicensingPageName } from './licensing-pages';

/** A licensing screen, through the small index that keeps their chunk lists off the first page. */
const licensingPage = (name: LicensingPageName) =>
  page(
    import('./licensing-pages').then(async (pages) => ({
      Component: await pages.licensingPage(name),
    })),
    'Component',
  );

/** Signing in and up, a member's own pages and settings, and members' public pages. */
export const memberRoutes: RouteObject[] = [
  {
    path: 'auth/sign_in',
    handle: { title: 'signIn' } satisfies RouteHandle,
    element: <AuthRoute view="signIn" />,
  },
  {
    path: 'auth/sign_up',
    handle: { title: 'signUp' } satisfies RouteHandle,
    element: <AuthRoute view="signUp" />,
  },
  {
    path: 'auth/forgot_password',
    handle: { title: 'forgotPassword' } satisfies RouteHandle,
    element: <AuthRoute view="forgotPassword" />,
  },
  {
    path: 'me',
    handle: { title: 'me' } satisfies RouteHandle,
    lazy: () => page(import('../features/profiles/my-profile-page'), 'MyProfilePage'),
  },
  {
    path: 'me/videos',
    handle: { title: 'myVideos' } satisfies RouteHandle,
    lazy: () => page(import('../features/profiles/my-videos-page'), 'MyVideosPage'),
  },
  {
    path: 'me/referrals',
    handle: { title: 'myReferrals' } satisfies RouteHandle,
    lazy: () => page(import('../features/referrals/referrals-page'), 'ReferralsPage'),
  },
  {
    path: 'me/suggestions',
    handle: { title: 'mySuggestions' } satisfies RouteHandle,
    lazy: () => page(import('../features/suggestions/my-suggestions-page'), 'MySuggestionsPage'),
  },
  {
    path: 'me/standing_requests',
    handle: { title: 'myStandingRequests' } satisfies RouteHandle,
    lazy: () =>
      page(import('../features/search/standing-requests/standing-requests-page'), 'StandingRequestsPage'),
  },
  {
    path: 'me/collections',
    handle: { title: 'myCollections' } satisfies RouteHandle,
    children: [
      {
        index: true,
        lazy: () => page(import('../features/collections/collections-page'), 'CollectionsPage'),
      },
      {
        path: ':collectionId',
        handle: { title: 'myCollection' } satisfies RouteHandle,
        lazy: () => page(import('../features/collections/collection-page'), 'CollectionPage'),
      },
      {
        path: ':collectionId/license',
        handle: { title: 'myCollectionLicense' } satisfies RouteHandle,
        lazy: () => licensingPage('bundleCreate'),
      },
    ],
  },
  {
    path: 'me/license_bundles/:bundleId',
    handle: { title: 'myLicenseBundle' } satisfies RouteHandle,
    lazy: () => licensingPage('bundle'),
  },
  {
    path: 'collections/shared/:token',
    handle: { title: 'sharedCollection' } satisfies RouteHandle,
    lazy: () => page(import('../features/collections/shared-collection-page'), 'SharedCollectionPage'),
  },
  {
    path: 'demand',
    handle: { title: 'demand' } satisfies RouteHandle,
    lazy: () => page(import('../features/search/standing-requests/demand-page'), 'DemandPage'),
  },
  {
    path: 'standing_requests/:standingRequestId/unsubscribe',
    handle: { title: 'standingRequestUnsubscribe' } satisfies RouteHandle,
    lazy: () => page(import('../features/search/standing-requests/unsubscribe-page'), 'UnsubscribePage'),
  },
  {
    path: 'me/licenses',
    handle: { title: 'myLicenses' } satisfies RouteHandle,
    children: [
      {
        index: true,
        lazy: () => licensingPage('myLicenses'),
      },
      {
        path: ':licenseRequestId',
        handle: { title: 'myLicense' } satisfies RouteHandle,
        children: [
          {
            index: true,
            lazy: () => licensingPage('myLicense'),
          },
          {
            path: 'pay',
            handle: { title: 'myLicensePay' } satisfies RouteHandle,
            lazy: () => licensingPage('pay'),
          },
        ],
      },
    ],
  },
  {
    // The sandbox payment provider's checkout, standing where Stripe's hosted page would.
    path: 'payments/sandbox/:sessionId',
    handle: { title: 'sandboxCheckout' } satisfies RouteHandle,
    lazy: () => page(import('../features/payments/sandbox-checkout-page'), 'SandboxCheckoutPage'),
  },
  {
    path: 'me/transactions',
    handle: { title: 'myTransactions' } satisfies RouteHandle,
    lazy: () => page(import('../features/earnings/transactions-page'), 'TransactionsPage'),
  },
  {
    path: 'me/analytics',
    handle: { title: 'myAnalytics' } satisfies RouteHandle,
    lazy: () => page(import('../features/analytics/analytics-page'), 'AnalyticsPage'),
  },
  {
    path: 'me/settings',
    handle: { title: 'settings' } satisfies RouteHandle,
    lazy: () => page(import('../features/settings/settings-layout'), 'SettingsLayout'),
    children: [
      { index: true, element: <Navigate to={ROUTES.settingsInfo} replace /> },
      {
        path: 'info',
        handle: { title: 'settingsInfo' } satisfies RouteHandle,
        lazy: () => page(import('../features/settings/settings-info-page'), 'SettingsInfoPage'),
      },
      {
        path: 'billing',
        handle: { title: 'settingsBilling' } satisfies RouteHandle,
        lazy: () => page(import('../features/settings/billing-page'), 'BillingPage'),
      },
      {
        path: 'auth',
        handle: { title: 'settingsAuth' } satisfies RouteHandle,
        lazy: () => page(import('../features/settings/auth-settings-page'), 'AuthSettingsPage'),
      },
    ],
  },
  {
    path: 'users',
    handle: { title: 'users' } satisfies RouteHandle,
    children: [
      { index: true, lazy: () => page(import('../features/profiles/community-page'), 'CommunityPage') },
      {
        path: ':userId',
        handle: { title: 'user' } satisfies RouteHandle,
        lazy: () => page(import('../features/profiles/user-profile-page'), 'UserProfilePage'),
      },
    ],
  },
];
