import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder that holds package.json, found upwards from this module: the same answer whether the
 * server runs from its sources (server/) or from its build (dist/server/main.js).
 */
function findProjectRoot(): string {
  let folder = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(folder, 'package.json'))) {
    const parent = path.dirname(folder);
    if (parent === folder) throw new Error('no package.json above the server');
    folder = parent;
  }
  return folder;
}

export const projectRoot = findProjectRoot();
