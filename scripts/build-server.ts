/**
 * Compiles the server to one plain JavaScript module, `dist/server/main.js`, which `npm start` and the
 * browser journeys run with plain `node`. Running the TypeScript through tsx instead compiles every file
 * at each start: about 4 CPU seconds and 3 seconds to the first answer more per start (bench/README.md).
 * Packages stay outside the bundle and load from node_modules as they are (PGlite finds its WebAssembly,
 * the ffmpeg installers their binaries, beside themselves).
 */
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const SERVER_BUILD = 'dist/server/main.js';

export async function buildServer(): Promise<void> {
  await build({
    entryPoints: ['server/main.ts'],
    outfile: SERVER_BUILD,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
