import { useEffect } from 'react';
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

/** Keeps document.title in step with the route and the language (SPEC 2.1). */
export function useDocumentTitle(): void {
  const names = useRouteNames();
  const title = buildTitle(names, APP_NAME);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
