import { createContext, use } from 'react';
import type { Params, RouteMatch } from 'react-router';

/**
 * What the app attaches to a route: its name in the page title (an i18n key under `routes.`), and the
 * data its screen shows, asked for as soon as the address is known (beside the screen's code and texts,
 * not after them; on the server, awaited before the page is rendered).
 */
export interface RouteHandle {
  title?: string;
  prefetch?: (at: { params: Params; searchParams: URLSearchParams }) => void;
}

/** The routes the address matches, outermost first (web/app/routing.tsx provides them). */
export const RouteMatchesContext = createContext<RouteMatch[]>([]);

export const useRouteMatches = () => use(RouteMatchesContext);

export const handleOf = (match: RouteMatch) => match.route.handle as RouteHandle | undefined;
