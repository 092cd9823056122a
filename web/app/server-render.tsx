import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { Language } from '../../common/constants';
import el from '../../common/i18n/el.json';
import en from '../../common/i18n/en.json';
import { Translator } from '../../common/translator';
import { sendApiCallsWith } from '../lib/api';
import { createQueryClient } from '../lib/query-client';
import { seedVisitorSession } from '../lib/session';
import { TranslatorContext } from '../lib/translation';
import { AppProviders } from './app';
import type { PageState } from './page-state';
import { appRoutes, RENDERED_ON_THE_SERVER } from './router';
import { AppRoutes, matchesAt, prefetchFor, preloadScreensOf } from './routing';

const RENDERED = new Set<string>(Object.values(RENDERED_ON_THE_SERVER));
/** The routes only to match addresses against: no loader of theirs runs. */
const routesToMatch = appRoutes(createQueryClient());

/** Whether the route an address matches is one the server renders (`/videos/upload` is not a video). */
export const isServerRendered = (pathname: string) =>
  RENDERED.has(matchesAt(routesToMatch, pathname).at(-1)?.route.id ?? '');

export interface RenderedPage {
  /** The markup of `#root`. */
  html: string;
  state: PageState;
}

/** One translator per language, made once: the texts never change while the server runs. */
const TRANSLATORS = {
  en: new Translator('en', { en }),
  el: new Translator('el', { el }),
} satisfies Record<Language, Translator>;

/** Waits for the queries the routes' prefetches started (their results go into the page and its state). */
async function prefetchesSettled(queryClient: QueryClient): Promise<void> {
  const pending = queryClient.getQueryCache().findAll({ fetchStatus: 'fetching' });
  await Promise.all(pending.map((query) => query.promise?.catch(() => undefined)));
}

/**
 * A visitor's page at `url` (absolute), in `language`, with its data asked of the server's own API
 * through `transport`.
 */
export async function renderPage(
  url: string,
  language: Language,
  transport: typeof fetch,
): Promise<RenderedPage> {
  sendApiCallsWith(transport);
  const queryClient = createQueryClient();
  seedVisitorSession(queryClient);
  const routes = appRoutes(queryClient);
  const { pathname, search } = new URL(url);
  const matches = matchesAt(routes, pathname);
  prefetchFor(matches, search);
  await Promise.all([prefetchesSettled(queryClient), preloadScreensOf(matches)]);
  const html = renderToString(
    <TranslatorContext value={TRANSLATORS[language]}>
      <AppProviders queryClient={queryClient}>
        <StaticRouter location={`${pathname}${search}`}>
          <AppRoutes routes={routes} />
        </StaticRouter>
      </AppProviders>
    </TranslatorContext>,
  );
  return { html, state: { queries: dehydrate(queryClient) } };
}
