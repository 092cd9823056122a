import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { staleBuild } from './build-state.js';

/** A project of a few files, each dated `seconds` after a fixed moment. */
let root: string;
const write = (file: string, seconds: number) => {
  const full = path.join(root, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, file);
  const when = new Date(Date.UTC(2026, 0, 1) + seconds * 1000);
  fs.utimesSync(full, when, when);
};
const BUILT = ['dist/web/index.html', 'dist/web-render/server-render.js', 'dist/server/main.js'];

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-state-'));
  for (const file of ['server/main.ts', 'web/main.tsx', 'common/routes.ts', 'package-lock.json'])
    write(file, 0);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('npm start builds first', () => {
  it('when there is no build, or only part of one', () => {
    expect(staleBuild(root)).toBe('no build yet');
    write(BUILT[0]!, 10);
    write(BUILT[1]!, 10);
    expect(staleBuild(root)).toBe('no build yet');
  });

  it('not when the build is newer than every source, whatever the tests say', () => {
    for (const file of BUILT) write(file, 10);
    write('server/routes/videos/videos.routes.test.ts', 20);
    expect(staleBuild(root)).toBeNull();
  });

  it('when a source, an installed package or a part of the build is newer than the build', () => {
    for (const file of BUILT) write(file, 10);
    write('web/features/home/home-page.tsx', 20);
    expect(staleBuild(root)).toBe('the sources changed since the last build');
    for (const file of BUILT) write(file, 30);
    write('package-lock.json', 40);
    expect(staleBuild(root)).toBe('the sources changed since the last build');
    // A build that stopped after the web app: the server in dist/ is older than the sources.
    write(BUILT[0]!, 50);
    write(BUILT[1]!, 50);
    expect(staleBuild(root)).toBe('the sources changed since the last build');
  });
});
