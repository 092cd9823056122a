import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { hydrate } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { PAGE_STATE_ID } from '../common/constants';
import { AppProviders } from './app/app';
import type { PageState } from './app/page-state';
import { appRoutes } from './app/router';
import { AppRoutes, matchesAt, preloadScreensOf } from './app/routing';
import { appLanguage, rememberAppLanguage, startTexts } from './lib/i18n';
import { queryClient } from './lib/query-client';

// The first paint waits for the language's texts (one small file), so no key ever shows, and for the
// address's screen: a page the server rendered is taken over as it is. Rendering is a transition: React
// works in slices and yields between them, so a slow phone's main thread is never blocked for long while
// the page builds.
const textsReady = startTexts(appLanguage(), rememberAppLanguage);
const routes = appRoutes(queryClient);
const screensReady = preloadScreensOf(matchesAt(routes, window.location));
void Promise.all([textsReady, screensReady]).then(() => {
  const root = document.getElementById('root')!;
  const served = document.getElementById(PAGE_STATE_ID)?.textContent;
  // A page the server rendered (server-render.tsx): its data goes into the cache, and React adopts its markup.
  const state = served ? (JSON.parse(served) as PageState) : null;
  if (state) hydrate(queryClient, state.queries);
  const app = (
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes routes={routes} />
      </BrowserRouter>
    </AppProviders>
  );
  startTransition(() => {
    if (state) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
});
