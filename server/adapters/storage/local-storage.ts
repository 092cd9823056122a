import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { assertSafePath, type Storage } from './storage';

/** Files under one directory on local disk; public files are served at /files/. */
export function localStorage(rootDir: string): Storage {
  const resolve = (relative: string) => {
    assertSafePath(relative);
    return path.join(rootDir, relative);
  };
  return {
    async put(relative, data) {
      const target = resolve(relative);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      // Write beside and rename, so a reader never sees half a file.
      const partial = `${target}.partial-${process.pid}`;
      if (Buffer.isBuffer(data)) await fsp.writeFile(partial, data);
      else await pipeline(data, fs.createWriteStream(partial));
      await fsp.rename(partial, target);
    },
    async read(relative) {
      const target = resolve(relative);
      await fsp.access(target);
      return fs.createReadStream(target);
    },
    async exists(relative) {
      return fsp.access(resolve(relative)).then(
        () => true,
        () => false,
      );
    },
    async delete(relative) {
      await fsp.rm(resolve(relative), { force: true });
    },
    publicUrl(relative) {
      assertSafePath(relative);
      return `/files/${relative}`;
    },
  };
}
