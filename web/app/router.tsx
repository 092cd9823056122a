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
import type { RouteHandle } from '../lib/route-matches';
import { knownSessionUser } from '../lib/session';
import { AppLayout } from './layout/app-layout';
import { landingPage, page } from './lazy-page';
import { memberRoutes } from './member-routes';
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
    { index: true, Component: page('videos') },
    {
      path: 'search',
      handle: { title: 'search' } satisfies RouteHandle,
      children: [
        { index: true, Component: page('search') },
        {
          path: ':keyword',
          id: RENDERED_ON_THE_SERVER.searchResults,
          handle: {
            title: 'searchResults',
            prefetch: ({ params, searchParams }) => {
              const grid = searchResultsAt(params.keyword ?? '', searchParams);
              if (grid.searchable) void prefetchVideoGrid(queryClient, grid);
            },
          } satisfies RouteHandle,
          Component: landingPage(() =>
            import('../features/search/search-results-page').then((module) => module.SearchResultsPage),
          ),
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
      children: [{ index: true, Component: page('upload') }],
    },
    {
      path: ':videoId',
      handle: { title: 'video' } satisfies RouteHandle,
      children: [
        {
          index: true,
          id: RENDERED_ON_THE_SERVER.video,
          handle: {
            // The video's data, and where it plays from once the session is known (always, on the server).
            prefetch: ({ params }) => {
              if (!params.videoId) return;
              void queryClient.prefetchQuery(videoDetailQuery(params.videoId));
              const user = knownSessionUser(queryClient);
              if (user !== undefined)
                void queryClient.prefetchQuery({
                  ...playbackQuery(params.videoId, user?.id ?? null),
                  // The player's own query is dropped as soon as nothing watches it: kept here until the
                  // player mounts (or the server has put it in the page).
                  gcTime: 60_000,
                });
            },
          } satisfies RouteHandle,
          Component: landingPage(() =>
            import('../features/videos/video-page').then((module) => module.VideoPage),
          ),
        },
        {
          path: 'edit',
          handle: { title: 'videoEdit' } satisfies RouteHandle,
          Component: page('videoEdit'),
        },
        {
          path: 'edit_suggestion',
          handle: { title: 'videoEditSuggestion' } satisfies RouteHandle,
          Component: page('editSuggestion'),
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
              Component: page('licenseCreate'),
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
        Component: page('videoEdits'),
      },
    ],
  }),
  {
    path: 'join/:userId',
    handle: { title: 'join' } satisfies RouteHandle,
    Component: page('join'),
  },
  {
    path: 'terms',
    handle: { title: 'terms' } satisfies RouteHandle,
    Component: page('terms'),
  },
  {
    path: 'privacy',
    handle: { title: 'privacy' } satisfies RouteHandle,
    Component: page('privacy'),
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
            Component: page('adminLicenseRequests'),
          },
          {
            path: ':licenseRequestId',
            handle: { title: 'adminLicenseRequest' } satisfies RouteHandle,
            Component: page('adminLicenseRequest'),
          },
        ],
      }),
      staffSection('admin', {
        children: [
          {
            index: true,
            Component: page('dashboard'),
          },
          {
            path: 'settings',
            handle: { title: 'adminSettings' } satisfies RouteHandle,
            Component: page('adminSettings'),
          },
          {
            path: 'abuse_reports',
            handle: { title: 'adminAbuseReports' } satisfies RouteHandle,
            Component: page('abuseQueue'),
          },
          {
            path: 'users',
            handle: { title: 'adminUsers' } satisfies RouteHandle,
            children: [
              {
                index: true,
                Component: page('users'),
              },
              {
                path: ':userId',
                handle: { title: 'adminUser' } satisfies RouteHandle,
                Component: page('user'),
              },
            ],
          },
          {
            path: 'withdrawal_requests',
            handle: { title: 'adminWithdrawalRequests' } satisfies RouteHandle,
            children: [
              {
                index: true,
                Component: page('withdrawalRequests'),
              },
              {
                path: ':withdrawalRequestId',
                handle: { title: 'adminWithdrawalRequest' } satisfies RouteHandle,
                Component: page('withdrawalRequest'),
              },
            ],
          },
          {
            path: 'transactions',
            handle: { title: 'adminTransactions' } satisfies RouteHandle,
            Component: page('adminTransactions'),
          },
          {
            path: 'mrss',
            handle: { title: 'adminMrss' } satisfies RouteHandle,
            Component: page('mrss'),
          },
          {
            path: 'audit',
            handle: { title: 'adminAudit' } satisfies RouteHandle,
            Component: page('audit'),
          },
        ],
      }),
    ],
  },
];

/**
 * SPEC 2.1, whole. Nesting decides the title: the settings pages read "Billing address | Settings | …".
 * The prefetches fill `queryClient`: the browser's one cache, or the one of a page the server renders.
 */
export const appRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    path: '/',
    element: <AppLayout />,
    children: [
      {
        index: true,
        id: RENDERED_ON_THE_SERVER.home,
        handle: {
          prefetch: () => void prefetchVideoGrid(queryClient, latestVideosGrid),
        } satisfies RouteHandle,
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
