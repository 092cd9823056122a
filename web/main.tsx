import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { hydrate } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject, RouterProvider } from 'react-router';
import { PAGE_STATE_ID } from '../common/constants';
import { AppProviders } from './app/app';
import type { PageState } from './app/page-state';
import { appRoutes } from './app/router';
import { i18nReady } from './lib/i18n';
import { queryClient } from './lib/query-client';

/** The screens of the address, loaded before the page is taken over: the server rendered them already. */
async function loadScreensOf(routes: RouteObject[]) {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, { ...(await route.lazy()), lazy: undefined });
    }),
  );
}

// The first paint waits for the language's texts (one small file), so no key ever shows. Rendering is a
// transition: React works in slices and yields between them, so a slow phone's main thread is never
// blocked for long while the page builds.
void i18nReady.then(async () => {
  const root = document.getElementById('root')!;
  const routes = appRoutes(queryClient);
  const served = document.getElementById(PAGE_STATE_ID)?.textContent;
  // A page the server rendered (server-render.tsx): its data goes into the cache, and React adopts its markup.
  const state = served ? (JSON.parse(served) as PageState) : null;
  if (state) {
    hydrate(queryClient, state.queries);
    await loadScreensOf(routes);
  }
  const router = createBrowserRouter(routes, { hydrationData: state?.router });
  const app = (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
  startTransition(() => {
    if (state) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
});
