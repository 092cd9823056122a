/**
 * `npm run previews:backfill`: makes the preview of every processed video that has none ready (videos
 * from before previews existed, or whose preview failed), `PREVIEW_CONCURRENCY` at a time, and exits.
 * The server does the same in the background when it starts (it queues every pending preview); this is
 * for doing it in one go, e.g. before opening a migrated site. On the embedded database stop the server
 * first: only one process may open its data directory.
 */
import 'dotenv/config';
import path from 'node:path';
import { createStorage } from '../adapters/storage/storage-factory';
import { resolveAuthSecret } from '../auth-secret';
import { loadConfig } from '../config';
import { openDatabase } from '../db/connection';
import { migrateToLatest } from '../db/migrate';
import { videoPreviewsRepository } from '../repositories/video-previews.repository';
import { makePreview } from './video-preview.job';

const config = loadConfig();
const database = await openDatabase(config.database);
try {
  await migrateToLatest(database.db);
  const storage = await createStorage(config, { secret: resolveAuthSecret(config) });
  const ids = await videoPreviewsRepository(database.db).markMissingPending();
  console.log(`${ids.length} video(s) need a preview.`);
  const deps = { db: database.db, storage, workDir: path.join(config.dataDir, 'processing') };
  const counts = { ready: 0, failed: 0, skipped: 0 };
  const queue = [...ids];
  const worker = async () => {
    for (let videoId = queue.shift(); videoId; videoId = queue.shift()) {
      const result = await makePreview({ videoId }, deps);
      counts[result?.status === 'ready' ? 'ready' : result?.status === 'failed' ? 'failed' : 'skipped']++;
      console.log(
        `${videoId}: ${result ? `${result.status}${result.error ? ` (${result.error})` : ''}` : 'skipped'}`,
      );
    }
  };
  await Promise.all(Array.from({ length: config.previewConcurrency }, worker));
  console.log(`Done: ${counts.ready} ready, ${counts.failed} failed, ${counts.skipped} skipped.`);
  process.exitCode = counts.failed > 0 ? 1 : 0;
} finally {
  await database.close();
}
