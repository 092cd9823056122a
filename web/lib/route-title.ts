import { useEffect, useSyncExternalStore } from 'react';
import { APP_NAME } from '../../common/constants';
import { buildTitle } from '../../common/routes';
import { handleOf, useRouteMatches } from './route-matches';
import { useTranslation } from './translation';

/** The title keys of the matched routes, most specific first. */
function useRouteKeys(): string[] {
  return useRouteMatches()
    .map((match) => handleOf(match)?.title)
    .filter((title): title is string => Boolean(title))
    .reverse();
}

/** The names of the matched routes, most specific first, translated. */
export function useRouteNames(): string[] {
  const { t } = useTranslation();
  return useRouteKeys().map((key) => t(`routes.${key}`));
}

/**
 * The name a page gives itself once its data is loaded (a user's name, a video's title). It stands in
 * for the route `replaces` names ("Edit | <video title> | Videos"), wherever that route is in the chain;
 * `alone`: the name replaces the whole chain (a "Page not found" shown inside /videos/:id is not a video).
 */
interface PageName {
  name: string;
  replaces?: string;
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

/**
 * Titles a route with a name of its own (SPEC 2.1: "title is the user name") instead of its route name:
 * the route whose title key is `replaces`; a route not in the chain leaves the title as it is.
 */
export function usePageName(
  name: string | null | undefined,
  { replaces, alone = false }: { replaces?: string; alone?: boolean },
): void {
  useEffect(() => {
    if (!name) return;
    setPageName({ name, replaces, alone });
    return () => setPageName(null);
  }, [name, replaces, alone]);
}

/** Keeps document.title in step with the route, the page's own name and the language (SPEC 2.1). */
export function useDocumentTitle(): void {
  const { t } = useTranslation();
  const keys = useRouteKeys();
  // On the server no page has named itself yet: the route's names alone, as the browser's first render.
  const ownName = useSyncExternalStore(
    subscribe,
    () => pageName,
    () => null,
  );
  const names = ownName?.alone
    ? [ownName.name]
    : keys.map((key) => (key === ownName?.replaces ? ownName.name : t(`routes.${key}`)));
  const title = buildTitle(names, APP_NAME);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
