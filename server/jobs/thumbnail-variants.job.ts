import { storeThumbnailVariants } from '../adapters/media/thumbnail-variants';
import { readBytes, type Storage } from '../adapters/storage/storage';
import type { Executor } from '../repositories/executor';
import { videoThumbnailsRepository } from '../repositories/video-thumbnails.repository';

const BATCH = 100;

/**
 * Thumbnails made before their WebP card sizes existed (migration 0031) get them, all in one run of the
 * upkeep, a hundred rows read at a time. A thumbnail that cannot be read or decoded is skipped (its card
 * keeps the JPEG) and tried again at the next run. Returns the videos done and those skipped.
 */
export async function makeMissingThumbnailVariants(db: Executor, storage: Storage) {
  const thumbnails = videoThumbnailsRepository(db);
  const done: string[] = [];
  const skipped: { videoId: string; error: string }[] = [];
  let after = '';
  for (;;) {
    const batch = await thumbnails.withoutVariants(after, BATCH);
    for (const { id, thumbnail } of batch) {
      try {
        const jpeg = await readBytes(storage, thumbnail);
        await storeThumbnailVariants(storage, thumbnail, jpeg);
        if (await thumbnails.markVariants(id, thumbnail)) done.push(id);
      } catch (error) {
        skipped.push({ videoId: id, error: error instanceof Error ? error.message : String(error) });
      }
    }
    if (batch.length < BATCH) return { done, skipped };
    after = batch[batch.length - 1]!.id;
  }
}
