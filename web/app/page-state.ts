import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';

/**
 * What a page the server rendered hands the browser (server-render.tsx): the router's loader data and the
 * queries the page showed, so the browser takes the page over without asking for them again.
 */
export interface PageState {
  router: HydrationState;
  queries: DehydratedState;
}
