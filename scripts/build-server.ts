/**
 * Compiles the server to one plain JavaScript module, `dist/server/main.js`, which `npm start` and the
 * browser journeys run with plain `node`. Running the TypeScript through tsx instead compiles every file
 * at each start: about 4 CPU seconds and 3 seconds to the first answer more per start (bench/README.md).
 * Packages stay outside the bundle and load from node_modules as they are (PGlite finds its WebAssembly,
 * the ffmpeg installers their binaries, beside themselves). A module the server imports only when a setting
 * asks for it (the S3 driver) becomes a chunk of its own, so its packages load with it and not at start.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const SERVER_BUILD = 'dist/server/main.js';

export async function buildServer(): Promise<void> {
  // Chunks are named by their content: an earlier build's would stay beside the new ones.
  await fs.rm(path.dirname(SERVER_BUILD), { recursive: true, force: true });
  await build({
    entryPoints: { main: 'server/main.ts' },
    outdir: path.dirname(SERVER_BUILD),
    bundle: true,
    splitting: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
