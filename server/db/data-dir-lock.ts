import fs from 'node:fs';
import lockfile from 'proper-lockfile';

export class DataDirInUseError extends Error {
  constructor(readonly dataDir: string) {
    super(
      `The embedded database in ${dataDir} is already open in another process. ` +
        'Stop that process first, or give this one its own DATA_DIR, or use PostgreSQL with DATABASE_URL. ' +
        '(A lock left behind by a crashed process expires after 10 seconds.)',
    );
    this.name = 'DataDirInUseError';
  }
}

const STALE_MS = 10_000;

/**
 * PGlite does not lock its data directory and a second writer silently loses data, so we take a lock
 * file first. The lock is refreshed while we run, so a crashed holder's lock goes stale and is reclaimed.
 * Returns the release function.
 */
export async function lockDataDir(
  dataDir: string,
  onLost: (error: Error) => void,
): Promise<() => Promise<void>> {
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: `${dataDir}.lock`,
      stale: STALE_MS,
      update: STALE_MS / 2,
      realpath: false,
      onCompromised: onLost,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirInUseError(dataDir);
    throw error;
  }
}
