import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isUnderscorePath, stripUnderscoreSegments } from '../../common/routes';

const SERVER_PREFIXES = ['/api/', '/files/', '/healthz'];

/**
 * Serves the built web app: hashed assets cached for a year, every other page answered with index.html
 * (the router in the browser decides what to show, including 'Page not found'), or with the page
 * `pageFor` names (tv.html on a TV hostname).
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDir: string,
  pageFor: (request: FastifyRequest) => string = () => 'index.html',
): Promise<void> {
  // The underscore redirect of SPEC 2.1, done here too so a pasted link works before any script runs.
  app.get('/_', (request, reply) => reply.redirect(stripUnderscoreSegments(request.url)));
  app.get('/_/*', (request, reply) => reply.redirect(stripUnderscoreSegments(request.url)));

  const indexFile = path.join(webDir, 'index.html');
  const built = fs.existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
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
    if (!built) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet. Run `npm run build`, or use `npm run dev` while developing.');
    }
    return reply.header('cache-control', 'no-cache').type('text/html').sendFile(pageFor(request));
  });
}
