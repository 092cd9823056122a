import { Navigate, type RouteObject } from 'react-router';
import { ROUTES } from '../../common/routes';
import type { RouteHandle } from '../lib/route-matches';
import { AuthRoute } from './auth-route';
import { page } from './lazy-page';

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
    Component: page('myProfile'),
  },
  {
    path: 'me/videos',
    handle: { title: 'myVideos' } satisfies RouteHandle,
    Component: page('myVideos'),
  },
  {
    path: 'me/referrals',
    handle: { title: 'myReferrals' } satisfies RouteHandle,
    Component: page('referrals'),
  },
  {
    path: 'me/suggestions',
    handle: { title: 'mySuggestions' } satisfies RouteHandle,
    Component: page('mySuggestions'),
  },
  {
    path: 'me/standing_requests',
    handle: { title: 'myStandingRequests' } satisfies RouteHandle,
    Component: page('standingRequests'),
  },
  {
    path: 'me/collections',
    handle: { title: 'myCollections' } satisfies RouteHandle,
    children: [
      {
        index: true,
        Component: page('collections'),
      },
      {
        path: ':collectionId',
        handle: { title: 'myCollection' } satisfies RouteHandle,
        Component: page('collection'),
      },
      {
        path: ':collectionId/license',
        handle: { title: 'myCollectionLicense' } satisfies RouteHandle,
        Component: page('bundleCreate'),
      },
    ],
  },
  {
    path: 'me/license_bundles/:bundleId',
    handle: { title: 'myLicenseBundle' } satisfies RouteHandle,
    Component: page('bundle'),
  },
  {
    path: 'collections/shared/:token',
    handle: { title: 'sharedCollection' } satisfies RouteHandle,
    Component: page('sharedCollection'),
  },
  {
    path: 'demand',
    handle: { title: 'demand' } satisfies RouteHandle,
    Component: page('demand'),
  },
  {
    path: 'standing_requests/:standingRequestId/unsubscribe',
    handle: { title: 'standingRequestUnsubscribe' } satisfies RouteHandle,
    Component: page('unsubscribe'),
  },
  {
    path: 'me/licenses',
    handle: { title: 'myLicenses' } satisfies RouteHandle,
    children: [
      {
        index: true,
        Component: page('myLicenses'),
      },
      {
        path: ':licenseRequestId',
        handle: { title: 'myLicense' } satisfies RouteHandle,
        children: [
          {
            index: true,
            Component: page('myLicense'),
          },
          {
            path: 'pay',
            handle: { title: 'myLicensePay' } satisfies RouteHandle,
            Component: page('pay'),
          },
        ],
      },
    ],
  },
  {
    // The sandbox payment provider's checkout, standing where Stripe's hosted page would.
    path: 'payments/sandbox/:sessionId',
    handle: { title: 'sandboxCheckout' } satisfies RouteHandle,
    Component: page('sandboxCheckout'),
  },
  {
    path: 'me/transactions',
    handle: { title: 'myTransactions' } satisfies RouteHandle,
    Component: page('transactions'),
  },
  {
    path: 'me/analytics',
    handle: { title: 'myAnalytics' } satisfies RouteHandle,
    Component: page('analytics'),
  },
  {
    path: 'me/settings',
    handle: { title: 'settings' } satisfies RouteHandle,
    Component: page('settingsLayout'),
    children: [
      { index: true, element: <Navigate to={ROUTES.settingsInfo} replace /> },
      {
        path: 'info',
        handle: { title: 'settingsInfo' } satisfies RouteHandle,
        Component: page('settingsInfo'),
      },
      {
        path: 'billing',
        handle: { title: 'settingsBilling' } satisfies RouteHandle,
        Component: page('billing'),
      },
      {
        path: 'auth',
        handle: { title: 'settingsAuth' } satisfies RouteHandle,
        Component: page('authSettings'),
      },
    ],
  },
  {
    path: 'users',
    handle: { title: 'users' } satisfies RouteHandle,
    children: [
      { index: true, Component: page('community') },
      {
        path: ':userId',
        handle: { title: 'user' } satisfies RouteHandle,
        Component: page('userProfile'),
      },
    ],
  },
];
