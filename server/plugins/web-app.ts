import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';
import {
  isUnderscorePath,
  ROUTES,
  stripUnderscoreSegments,
  TYPED_SEARCH_FIELD,
  typedSearchPath,
} from '../../common/routes';
import { carriesSession } from './auth';
import { loadPageRenderer } from './page-render';

/** The paths the server answers itself; every other GET is the web app's (a built file or a page). */
export const SERVER_PREFIXES = ['/api/', '/files/', '/healthz', '/readyz', '/metrics'];

/** A file's text, or null when it is not there (read at once: a build may remove it between a check and a read). */
function readIfThere(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/**
 * Serves the built web app: hashed assets cached for a year, every other page answered with index.html
 * (the router in the browser decides what to show, including 'Page not found'), or with the page
 * `pageFor` names (tv.html on a TV hostname). A visitor's first page of the home page, a video or search
 * results comes rendered on the server (page-render.ts), painted before any script arrives.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDir: string,
  pageFor: (request: FastifyRequest) => string = () => 'index.html',
): Promise<void> {
  // The underscore redirect of SPEC 2.1, done here too so a pasted link works before any script runs.
  app.get('/_', (request, reply) => reply.redirect(stripUnderscoreSegments(request.url)));
  app.get('/_/*', (request, reply) => reply.redirect(stripUnderscoreSegments(request.url)));

  const template = readIfThere(path.join(webDir, 'index.html'));
  const built = template !== null;
  const renderPage = built ? loadPageRenderer(app, webDir) : null;
  if (built) {
    await app.register(fastifyStatic, {
      root: webDir,
      // One route for all the files: a route for each (the build has over a thousand, each with .br and .gz
      // copies) took a fifth of a second at every start.
      wildcard: true,
      index: false,
      // The build's .br and .gz copies (web/build/precompress.ts), to a browser that accepts them.
      preCompressed: true,
      // Source maps stay on the server: they would hand out the whole source.
      allowedPath: (pathName) => !pathName.endsWith('.map'),
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const pathname = request.url.split('?')[0] ?? '/';
    if (isUnderscorePath(pathname) || SERVER_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return;
    if (pathname.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(pathname)) return; // real files, or a 404
    // The header's box sent as a plain form (typed before the app ran): on to its results here, as the app
    // would go, so that they need no script.
    if (pathname === ROUTES.search) {
      const typed = new URLSearchParams(request.url.slice(pathname.length)).get(TYPED_SEARCH_FIELD);
      if (typed?.trim()) return reply.redirect(typedSearchPath(typed));
    }
    if (!built) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet. Run `npm run build`, or use `npm run dev` while developing.');
    }
    const page = pageFor(request);
    reply.header('cache-control', 'no-cache');
    if (page === 'index.html' && renderPage && !carriesSession(request)) {
      const rendered = await renderPage(request, template);
      if (rendered) return sendCompressed(request, reply, rendered);
    }
    return reply.type('text/html').sendFile(page);
  });
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Brotli at a middle quality: a rendered page is made per request, so it is compressed per request. */
const BROTLI_PAGE = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };

/**
 * A rendered page, brotli- or gzip-compressed as the browser accepts. No route answers a page (this
 * plugin's hook does), so the compression plugin, which hooks into routes, never sees it.
 */
async function sendCompressed(request: FastifyRequest, reply: FastifyReply, html: string) {
  // The markup follows the visitor's language and cookie: a shared cache keeps one copy of each.
  reply.type('text/html; charset=utf-8').header('vary', 'accept-encoding, accept-language, cookie');
  const encoding = new Negotiator(request).encoding(['br', 'gzip', 'identity']);
  if (encoding === 'br') return reply.header('content-encoding', 'br').send(await brotli(html, BROTLI_PAGE));
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(await gzip(html));
  return reply.send(html);
}
