import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_KEY,
  LANGUAGES,
  type Language,
  PAGE_STATE_ID,
} from '../../common/constants';

/** What `dist/web-render/server-render.js` (web/app/server-render.tsx) offers, as the server uses it. */
interface PageRenderer {
  isServerRendered(pathname: string): boolean;
  renderPage(
    url: string,
    language: Language,
    transport: typeof fetch,
  ): Promise<{ html: string; state: unknown }>;
}

/** A page as the server sends it: the app page with the screen's markup and data filled in. */
export type RenderPage = (request: FastifyRequest, template: string) => Promise<string | null>;

const LANGUAGE_IN_COOKIES = new RegExp(`(?:^|;\\s*)${LANGUAGE_KEY}=(\\w+)`);

/** The language the browser will show: the visitor's choice if they made one, else their browser's. */
export function visitorLanguage(request: Pick<FastifyRequest, 'headers'>): Language {
  const chosen = LANGUAGE_IN_COOKIES.exec(request.headers.cookie ?? '')?.[1];
  if ((LANGUAGES as readonly string[]).includes(chosen ?? '')) return chosen as Language;
  const preferred = new Negotiator(request).languages([...LANGUAGES])[0];
  return (preferred as Language | undefined) ?? DEFAULT_LANGUAGE;
}

/** The visitor whose page is being rendered, wherever the rendering's API calls run. */
const visitor = new AsyncLocalStorage<FastifyRequest>();

/**
 * The screens' own API calls, made in process: the same routes, checks and shared visitors' answers
 * as over the network, counted against the visitor's address. One transport for every rendering (the
 * renderer keeps it in a module): the visitor comes from the rendering's async context.
 */
function inProcessApi(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const answer = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: String(input),
      headers: init?.headers as Record<string, string> | undefined,
      payload: init?.body as string | undefined,
      remoteAddress: visitor.getStore()?.ip,
    });
    return new Response(answer.body || null, { status: answer.statusCode });
  };
}

const LEADING_PRELOADS = /^(?:<link rel="preload"[^>]*>)+/;

/** JSON inside a script element: no `<` may close it early. */
const scriptSafe = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * Fills the app page with a rendered screen: its markup in `#root`, its data as a JSON block for the
 * browser to take over with (web/main.tsx), the language on `<html>`. The app's scripts are asked for
 * once the page has been painted (web/public/start-app.js): it is readable before they arrive, so a
 * phone's slow line carries what shows first.
 */
export function fillTemplate(template: string, language: Language, html: string, state: unknown): string {
  // React puts the preloads of the first pictures ahead of the markup; they go into <head>, before the
  // scripts, so the browser asks for the largest picture first.
  const preloads = LEADING_PRELOADS.exec(html)?.[0] ?? '';
  return template
    .replace(/<html lang="\w+"/, `<html lang="${language}"`)
    .replace('<title>', `${preloads}<title>`)
    .replace(
      '<div id="root"></div>',
      `<div id="root">${html.slice(preloads.length)}</div><script type="application/json" id="${PAGE_STATE_ID}">${scriptSafe(state)}</script>`,
    )
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(
      /<script type="module" crossorigin src="([^"]+)"><\/script>/,
      '<script src="/start-app.js" data-app="$1" defer></script>',
    );
}

/**
 * The server's rendering of visitors' first pages, when the build holds it (`vite build --ssr`, beside
 * the web build); null without it (tests with a stand-in build, `npm run dev`): the browser renders alone.
 * Only for callers without a session: a member's pages depend on who they are, and they come back often
 * enough to have the scripts cached. The renderer loads in the background when the first page is asked
 * for: importing React's server renderer and every screen takes seconds of CPU, which neither the start,
 * nor a first visitor, nor an instance that serves only the API waits for or spends; until it is in, the
 * browser renders the page, as for a member.
 */
export function loadPageRenderer(app: FastifyInstance, webDir: string): RenderPage | null {
  const file = path.join(webDir, '..', 'web-render', 'server-render.js');
  if (!fs.existsSync(file)) return null;
  let renderer: PageRenderer | null = null;
  let loading = false;
  const load = () => {
    loading = true;
    import(pathToFileURL(file).href).then(
      (module: PageRenderer) => {
        renderer = module;
      },
      (error: unknown) => app.log.error({ err: error }, 'loading the page renderer failed'),
    );
  };
  const transport = inProcessApi(app);
  return async (request, template) => {
    const loaded = renderer;
    if (!loaded) {
      if (!loading) load();
      return null;
    }
    const pathname = request.url.split('?')[0] ?? '/';
    if (!loaded.isServerRendered(pathname)) return null;
    const language = visitorLanguage(request);
    try {
      const url = `http://${request.host}${request.url}`;
      const page = await visitor.run(request, () => loaded.renderPage(url, language, transport));
      return fillTemplate(template, language, page.html, page.state);
    } catch (error) {
      // The browser can still render the page itself: a failed rendering costs speed, not the page.
      request.log.error({ err: error }, 'rendering a page on the server failed');
      return null;
    }
  };
}
