/** Test helper process: opens the embedded database in argv[2], says 'opened', closes on SIGTERM. */
import { openDatabase } from '../../server/db/connection';
import { DataDirInUseError } from '../../server/db/data-dir-lock';

try {
  const database = await openDatabase({ kind: 'embedded', dataDir: process.argv[2]! });
  console.log('opened');
  // Hold the database like a running server would, until told to stop.
  const keepAlive = setInterval(() => {}, 60_000);
  process.on('SIGTERM', () => {
    clearInterval(keepAlive);
    void database.close().then(() => process.exit(0));
  });
} catch (error) {
  console.error(error instanceof DataDirInUseError ? error.message : String(error));
  process.exit(1);
}
