import type { QueryClient } from '@tanstack/react-query';
import { Outlet, type RouteObject } from 'react-router';
import type { Right } from '../../common/permissions';
import { NotFoundPage } from '../components/not-found-page';
import { playbackQuery } from '../components/playback-query';
import { RequireRight, RequireVerified } from '../components/require-access';
import { prefetchVideoGrid } from '../components/video-grid';
import { latestVideosGrid } from '../features/home/api';
import { HomePage } from '../features/home/home-page';
import { searchResultsAt } from '../features/search/api';
import { videoDetailQuery } from '../features/videos/api';
import type { RouteHandle } from '../lib/route-title';
import { knownSessionUser } from '../lib/session';
import { AppLayout } from './layout/app-layout';
import { landingPage, page } from './lazy-page';
import { memberRoutes } from './member-routes';
import { RouteError } from './route-error';
import { UnderscoreRedirect } from './underscore-redirect';

/**
 * The screens a visitor's first page is rendered on the server for (server-render.tsx): the pages people
 * land on from links and search engines. Route ids, so an address counts by the route it really matches.
 */
export const RENDERED_ON_THE_SERVER = {
  home: 'home',
  video: 'video',
  searchResults: 'search-results',
} as const;

/** A section only staff with a right may use (admins hold them all). */
const staffSection = (right: Right, route: RouteObject): RouteObject => ({
  ...route,
  element: (
    <RequireRight right={right}>
      <Outlet />
    </RequireRight>
  ),
});

/** /videos: the list, search, upload, and a video's page with its edit and license screens. */
const videoRoutes = (queryClient: QueryClient): RouteObject => ({
  path: 'videos',
  handle: { title: 'videos' } satisfies RouteHandle,
  children: [
    { index: true, lazy: () => page(import('../features/videos/videos-page'), 'VideosPage') },
    {
      path: 'search',
      handle: { title: 'search' } satisfies RouteHandle,
      children: [
        { index: true, lazy: () => page(import('../features/search/search-page'), 'SearchPage') },
        {
          path: ':keyword',
          id: RENDERED_ON_THE_SERVER.searchResults,
          handle: { title: 'searchResults' } satisfies RouteHandle,
          loader: ({ params, request }) => {
            const grid = searchResultsAt(params.keyword ?? '', request.url);
            if (grid.searchable) void prefetchVideoGrid(queryClient, grid);
            return null;
          },
          lazy: () => landingPage(import('../features/search/search-results-page'), 'SearchResultsPage'),
        },
      ],
    },
    {
      path: 'upload',
      handle: { title: 'upload' } satisfies RouteHandle,
      element: (
        <RequireVerified>
          <Outlet />
        </RequireVerified>
      ),
      children: [{ index: true, lazy: () => page(import('../features/upload/upload-page'), 'UploadPage') }],
    },
    {
      path: ':videoId',
      handle: { title: 'video' } satisfies RouteHandle,
      children: [
        {
          index: true,
          id: RENDERED_ON_THE_SERVER.video,
          // The video's data is asked for at once, beside the page's code and texts, not after them.
          // Where it plays from too, once the session is known (always, on the server).
          loader: ({ params }) => {
            if (!params.videoId) return null;
            void queryClient.prefetchQuery(videoDetailQuery(params.videoId));
            const user = knownSessionUser(queryClient);
            if (user !== undefined)
              void queryClient.prefetchQuery({
                ...playbackQuery(params.videoId, user?.id ?? null),
                // The player's own query is dropped as soon as nothing watches it: kept here until the
                // player mounts (or the server has put it in the page).
                gcTime: 60_000,
              });
            return null;
          },
          lazy: () => landingPage(import('../features/videos/video-page'), 'VideoPage'),
        },
        {
          path: 'edit',
          handle: { title: 'videoEdit' } satisfies RouteHandle,
          lazy: () => page(import('../features/video-edit/video-edit-page'), 'VideoEditPage'),
        },
        {
          path: 'edit_suggestion',
          handle: { title: 'videoEditSuggestion' } satisfies RouteHandle,
          lazy: () => page(import('../features/video-edit/edit-suggestion-page'), 'EditSuggestionPage'),
        },
        {
          path: 'license',
          handle: { title: 'videoLicense' } satisfies RouteHandle,
          element: (
            <RequireVerified>
              <Outlet />
            </RequireVerified>
          ),
          children: [
            {
              index: true,
              lazy: () => page(import('../features/licensing/license-create-page'), 'LicenseCreatePage'),
            },
          ],
        },
      ],
    },
  ],
});

/** Edit review, invitations, the site's documents and the back office. */
const siteRoutes: RouteObject[] = [
  staffSection('manage_videos', {
    path: 'video_edits',
    handle: { title: 'videoEdits' } satisfies RouteHandle,
    children: [
      {
        index: true,
        lazy: () => page(import('../features/moderation/video-edits-page'), 'VideoEditsPage'),
      },
    ],
  }),
  {
    path: 'join/:userId',
    handle: { title: 'join' } satisfies RouteHandle,
    lazy: () => page(import('./join-route'), 'JoinRoute'),
  },
  {
    path: 'terms',
    handle: { title: 'terms' } satisfies RouteHandle,
    lazy: () => page(import('../features/site-documents/terms-page'), 'TermsPage'),
  },
  {
    path: 'privacy',
    handle: { title: 'privacy' } satisfies RouteHandle,
    lazy: () => page(import('../features/site-documents/privacy-page'), 'PrivacyPage'),
  },
  {
    path: 'admin',
    handle: { title: 'admin' } satisfies RouteHandle,
    children: [
      // License managers (manage_licenses) work here without being admins.
      staffSection('manage_licenses', {
        path: 'license_requests',
        handle: { title: 'adminLicenseRequests' } satisfies RouteHandle,
        children: [
          {
            index: true,
            lazy: () => page(import('../features/licensing/license-list-pages'), 'AdminLicenseRequestsPage'),
          },
          {
            path: ':licenseRequestId',
            handle: { title: 'adminLicenseRequest' } satisfies RouteHandle,
            lazy: () => page(import('../features/licensing/license-request-page'), 'AdminLicenseRequestPage'),
          },
        ],
      }),
      staffSection('admin', {
        children: [
          {
            index: true,
            lazy: () => page(import('../features/back-office/dashboard-page'), 'DashboardPage'),
          },
          {
            path: 'settings',
            handle: { title: 'adminSettings' } satisfies RouteHandle,
            lazy: () => page(import('./admin-settings-route'), 'AdminSettingsRoute'),
          },
          {
            path: 'abuse_reports',
            handle: { title: 'adminAbuseReports' } satisfies RouteHandle,
            lazy: () => page(import('../features/abuse-queue/abuse-queue-page'), 'AbuseQueuePage'),
          },
          {
            path: 'users',
            handle: { title: 'adminUsers' } satisfies RouteHandle,
            children: [
              {
                index: true,
                lazy: () => page(import('../features/back-office/users-page'), 'UsersPage'),
              },
              {
                path: ':userId',
                handle: { title: 'adminUser' } satisfies RouteHandle,
                lazy: () => page(import('../features/back-office/user-page'), 'UserPage'),
              },
            ],
          },
          {
            path: 'withdrawal_requests',
            handle: { title: 'adminWithdrawalRequests' } satisfies RouteHandle,
            children: [
              {
                index: true,
                lazy: () =>
                  page(import('../features/admin-money/withdrawal-requests-page'), 'WithdrawalRequestsPage'),
              },
              {
                path: ':withdrawalRequestId',
                handle: { title: 'adminWithdrawalRequest' } satisfies RouteHandle,
                lazy: () =>
                  page(import('../features/admin-money/withdrawal-request-page'), 'WithdrawalRequestPage'),
              },
            ],
          },
          {
            path: 'transactions',
            handle: { title: 'adminTransactions' } satisfies RouteHandle,
            lazy: () => page(import('../features/admin-money/transactions-page'), 'TransactionsPage'),
          },
          {
            path: 'mrss',
            handle: { title: 'adminMrss' } satisfies RouteHandle,
            lazy: () => page(import('../features/mrss/mrss-page'), 'MrssPage'),
          },
          {
            path: 'audit',
            handle: { title: 'adminAudit' } satisfies RouteHandle,
            lazy: () => page(import('../features/back-office/audit-page'), 'AuditPage'),
          },
        ],
      }),
    ],
  },
];

/**
 * SPEC 2.1, whole. Nesting decides the title: the settings pages read "Billing address | Settings | …".
 * The loaders fill `queryClient`: the browser's one cache, or the one of a page the server renders.
 */
export const appRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    path: '/',
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      {
        index: true,
        id: RENDERED_ON_THE_SERVER.home,
        // The latest videos are asked for at once, beside the texts, not after the first render.
        loader: () => {
          void prefetchVideoGrid(queryClient, latestVideosGrid);
          return null;
        },
        element: <HomePage />,
      },
      { path: '_', element: <UnderscoreRedirect /> },
      { path: '_/*', element: <UnderscoreRedirect /> },
      ...memberRoutes,
      videoRoutes(queryClient),
      ...siteRoutes,
      { path: '*', handle: { title: 'notFound' } satisfies RouteHandle, element: <NotFoundPage /> },
    ],
  },
];
