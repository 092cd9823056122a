/**
 * Whether the build in `dist/` is current: `npm start` (scripts/start.js) builds only when it is not.
 * Plain JavaScript, like its caller.
 */
import fs from 'node:fs';
import path from 'node:path';

/** What the build makes (package.json "build"): the web app, the page renderer and the server. */
const OUTPUTS = ['dist/web/index.html', 'dist/web-render/server-render.js', 'dist/server/main.js'];
/** What the build reads: the sources (tests aside) and the files that say how to build them. */
const SOURCE_DIRS = ['server', 'web', 'common'];
const SOURCE_FILES = ['package-lock.json', 'vite.config.ts', 'tsconfig.json', 'scripts/build-server.ts'];
const NOT_BUILT = /\.test\.tsx?$/;

function modified(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return null;
  }
}

function newestSource(root) {
  let newest = 0;
  for (const dir of SOURCE_DIRS) {
    for (const entry of fs.readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || NOT_BUILT.test(entry.name)) continue;
      newest = Math.max(newest, modified(path.join(entry.parentPath, entry.name)) ?? 0);
    }
  }
  for (const file of SOURCE_FILES) newest = Math.max(newest, modified(path.join(root, file)) ?? 0);
  return newest;
}

/** Why the project at `root` must be built before it starts, or null when its build is current. */
export function staleBuild(root = '.') {
  const built = OUTPUTS.map((file) => modified(path.join(root, file)));
  if (built.includes(null)) return 'no build yet';
  return Math.min(...built) < newestSource(root) ? 'the sources changed since the last build' : null;
}
