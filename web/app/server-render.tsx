import { dehydrate, type QueryClient } from '@tanstack/react-query';
import i18next, { type i18n } from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import type { Language } from '../../common/constants';
import el from '../../common/i18n/el.json';
import en from '../../common/i18n/en.json';
import { sendApiCallsWith } from '../lib/api';
import { createQueryClient } from '../lib/query-client';
import { seedVisitorSession } from '../lib/session';
import { AppProviders } from './app';
import type { PageState } from './page-state';
import { appRoutes, RENDERED_ON_THE_SERVER } from './router';

const RENDERED = new Set<string>(Object.values(RENDERED_ON_THE_SERVER));
/** The routes only to match addresses against: no loader of theirs runs. */
const routesToMatch = appRoutes(createQueryClient());

/** Whether the route an address matches is one the server renders (`/videos/upload` is not a video). */
export const isServerRendered = (pathname: string) =>
  RENDERED.has(matchRoutes(routesToMatch, pathname)?.at(-1)?.route.id ?? '');

export interface RenderedPage {
  /** The markup of `#root`. */
  html: string;
  state: PageState;
}

const TEXTS = { en, el } satisfies Record<Language, unknown>;
const translators = new Map<Language, i18n>();

/** One i18next per language, made once: the texts never change while the server runs. */
function translatorFor(language: Language): i18n {
  let translator = translators.get(language);
  if (!translator) {
    translator = i18next.createInstance();
    void translator.init({
      lng: language,
      resources: { [language]: { translation: TEXTS[language] } },
      initAsync: false,
      interpolation: { escapeValue: false },
      returnNull: false,
      showSupportNotice: false,
    });
    translators.set(language, translator);
  }
  return translator;
}

/** Waits for the queries the route's loaders started (their results go into the page and its state). */
async function loadersSettled(queryClient: QueryClient): Promise<void> {
  const pending = queryClient.getQueryCache().findAll({ fetchStatus: 'fetching' });
  await Promise.all(pending.map((query) => query.promise?.catch(() => undefined)));
}

/**
 * A visitor's page at `url` (absolute), in `language`, with its data asked of the server's own API
 * through `transport`; null when the router answers with a redirect or an error: the browser renders
 * those itself.
 */
export async function renderPage(
  url: string,
  language: Language,
  transport: typeof fetch,
): Promise<RenderedPage | null> {
  sendApiCallsWith(transport);
  const queryClient = createQueryClient();
  seedVisitorSession(queryClient);
  const handler = createStaticHandler(appRoutes(queryClient));
  const context = await handler.query(new Request(url));
  if (context instanceof Response || context.errors) return null;
  await loadersSettled(queryClient);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <I18nextProvider i18n={translatorFor(language)}>
      <AppProviders queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </I18nextProvider>,
  );
  return {
    html,
    state: {
      router: { loaderData: context.loaderData, actionData: context.actionData },
      queries: dehydrate(queryClient),
    },
  };
}
