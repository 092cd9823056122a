import type { DehydratedState } from '@tanstack/react-query';

/**
 * What a page the server rendered hands the browser (server-render.tsx): the queries the page showed, so
 * the browser takes the page over without asking for them again.
 */
export interface PageState {
  queries: DehydratedState;
}
