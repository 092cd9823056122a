/**
 * `npm run fingerprints:backfill`: fingerprints every processed video that has none (videos from before
 * the copy check, issue 33), oldest first, flags those that copy an earlier one for staff, reads what the
 * file says of its filming where that was never read, and exits.
 * On the embedded database stop the server first: only one process may open its data directory.
 */
import 'dotenv/config';
import path from 'node:path';
import { createStorage } from '../adapters/storage/storage-factory';
import { resolveAuthSecret } from '../auth-secret';
import { loadConfig } from '../config';
import { openDatabase } from '../db/connection';
import { migrateToLatest } from '../db/migrate';
import { backfillFingerprints } from './fingerprints-backfill';

const config = loadConfig();
const database = await openDatabase(config.database);
try {
  await migrateToLatest(database.db);
  const storage = await createStorage(config, { secret: resolveAuthSecret(config) });
  const counts = await backfillFingerprints({
    db: database.db,
    storage,
    workDir: path.join(config.dataDir, 'processing'),
    log: console.log,
  });
  console.log(
    `Done: ${counts.fingerprinted} fingerprinted, ${counts.copies} possible copies, ${counts.captured} capture facts read, ${counts.failed} failed.`,
  );
  process.exitCode = counts.failed > 0 ? 1 : 0;
} finally {
  await database.close();
}
