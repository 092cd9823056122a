import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import { defineConfig } from 'vite';
import { endpointRoutes } from './web/build/endpoint-routes';
import { precompress } from './web/build/precompress';
import { webTexts } from './web/build/web-texts';

const apiPort = Number(process.env.PORT ?? 3000);
const api = `http://127.0.0.1:${apiPort}`;

/**
 * Two builds: the browser's (`dist/web`), and with `--ssr` the module the server renders visitors' first
 * pages with (`dist/web-render`, web/app/server-render.tsx), its packages loaded from node_modules.
 */
export default defineConfig(({ isSsrBuild }) => ({
  root: 'web',
  plugins: [
    react(),
    endpointRoutes(),
    webTexts(),
    ...(isSsrBuild ? [] : [precompress()]),
    // `npm run bench:bundle`: what each chunk holds, by module, for bench/bundle.ts to sum by package.
    ...(process.env.BUNDLE_REPORT
      ? [visualizer({ filename: process.env.BUNDLE_REPORT, template: 'raw-data', gzipSize: true })]
      : []),
  ],
  build: isSsrBuild
    ? { outDir: '../dist/web-render', emptyOutDir: true, sourcemap: true }
    : {
        outDir: '../dist/web',
        emptyOutDir: true,
        // Maps for whoever debugs a report, not linked from the files and not served (web-app.ts).
        sourcemap: 'hidden',
        // Two pages: the app, and the TV page served on TV hostnames (server/plugins/tv-host.ts).
        rollupOptions: {
          input: {
            main: fileURLToPath(new URL('web/index.html', import.meta.url)),
            tv: fileURLToPath(new URL('web/tv.html', import.meta.url)),
          },
        },
      },
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: { '/api': api, '/files': api, '/healthz': api, '/readyz': api, '/metrics': api },
  },
}));
