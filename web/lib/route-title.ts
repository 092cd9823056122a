import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { APP_NAME } from '../../common/constants';
import { buildTitle } from '../../common/routes';

/** What a route contributes to the page title (an i18n key under `routes.`). */
export interface RouteHandle {
  title?: string;
}

/** The names of the matched routes, most specific first, translated. */
export function useRouteNames(): string[] {
  const { t } = useTranslation();
  const matches = useMatches();
  return matches
    .map((match) => (match.handle as RouteHandle | undefined)?.title)
    .filter((title): title is string => Boolean(title))
    .reverse()
    .map((title) => t(`routes.${title}`));
}

/**
 * The name a page gives itself once its data is loaded (a user's name, a video's title). `alone`: the
 * name replaces the route's whole chain (a "Page not found" shown inside /videos/:id is not a video).
 */
interface PageName {
  name: string;
  alone: boolean;
}
let pageName: PageName | null = null;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
function setPageName(name: PageName | null) {
  pageName = name;
  for (const listener of listeners) listener();
}

/** Titles the page with a name of its own (SPEC 2.1: "title is the user name") instead of the route's. */
export function usePageName(name: string | null | undefined, { alone = false } = {}): void {
  useEffect(() => {
    if (!name) return;
    setPageName({ name, alone });
    return () => setPageName(null);
  }, [name, alone]);
}

/** Keeps document.title in step with the route, the page's own name and the language (SPEC 2.1). */
export function useDocumentTitle(): void {
  const routeNames = useRouteNames();
  const ownName = useSyncExternalStore(subscribe, () => pageName);
  const names = !ownName
    ? routeNames
    : ownName.alone
      ? [ownName.name]
      : [ownName.name, ...routeNames.slice(1)];
  const title = buildTitle(names, APP_NAME);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
