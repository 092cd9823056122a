/**
 * `npm start`: runs the built app, building it first only when a build is missing or older than the
 * sources. Rebuilding at every start took most of a start's time (the web app, the page renderer and the
 * server: tens of seconds of CPU); a warm start now goes straight to the server.
 *
 * Plain JavaScript, so that a start loads no TypeScript compiler: it is the one file run before a build.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { staleBuild } from './build-state.js';

const reason = staleBuild();
if (reason) {
  console.log(`Building the app (${reason})…`);
  const build = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await import(pathToFileURL(path.resolve('dist/server/main.js')).href);
