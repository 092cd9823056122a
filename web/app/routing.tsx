import { Component, type ReactNode, useMemo } from 'react';
import {
  type Location,
  matchRoutes,
  type RouteMatch,
  type RouteObject,
  renderMatches,
  useLocation,
} from 'react-router';
import { handleOf, RouteMatchesContext } from '../lib/route-matches';
import { preloadScreens } from './lazy-page';
import { RouteError } from './route-error';

/**
 * The route table rendered with React Router's plain (declarative) router: the app's data lives in the
 * query cache, so the data router's loaders, actions and server handler (half of the router's code in
 * every first page) had nothing to do. What the app used of them is here: the routes' prefetches, the
 * matched routes for the title, screens loaded on demand (lazy-page.ts) and an error screen.
 */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  const matches = useMemo(() => matchesAt(routes, location), [routes, location]);
  // Once per address: asked for while the screen's code may still be on its way. A query already fresh or
  // in flight is not asked for again, so a render React repeats costs nothing.
  useMemo(() => prefetchFor(matches, location.search), [matches, location.search]);
  return (
    <RouteMatchesContext value={matches}>
      <ErrorScreen at={location.pathname}>{renderMatches(matches)}</ErrorScreen>
    </RouteMatchesContext>
  );
}

export const matchesAt = (routes: RouteObject[], location: Partial<Location> | string): RouteMatch[] =>
  matchRoutes(routes, location) ?? [];

/** Starts the queries of the matched routes (web/lib/route-matches.ts: `prefetch`). */
export function prefetchFor(matches: RouteMatch[], search: string): void {
  const searchParams = new URLSearchParams(search);
  for (const match of matches) handleOf(match)?.prefetch?.({ params: match.params, searchParams });
}

/** The code of the matched routes' screens, fetched ahead: the server rendered them already. */
export const preloadScreensOf = (matches: RouteMatch[]) =>
  preloadScreens(matches.map((match) => match.route.Component));

/** A screen that throws while rendering gives way to a plain apology; the next address starts afresh. */
class ErrorScreen extends Component<{ at: string; children: ReactNode }, { failed: boolean; at: string }> {
  override state = { failed: false, at: this.props.at };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  static getDerivedStateFromProps(props: { at: string }, state: { at: string }) {
    return props.at === state.at ? null : { failed: false, at: props.at };
  }
  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
