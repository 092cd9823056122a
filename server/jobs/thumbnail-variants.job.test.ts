import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUserRow, createVideo } from '../../tests/support/factories';
import { createTestDatabase } from '../../tests/support/test-database';
import { thumbnailVariantPath } from '../adapters/media/thumbnail-variants';
import { localStorage } from '../adapters/storage/local-storage';
import type { Storage } from '../adapters/storage/storage';
import type { Database } from '../db/connection';
import { makeMissingThumbnailVariants } from './thumbnail-variants.job';

/** After an upgrade, the upkeep makes the WebP card sizes of the thumbnails made before they existed. */
let database: Database;
let storage: Storage;
let dir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'clipmarket-thumbnails-'));
  storage = localStorage(dir, { secret: 'test-secret-test-secret-test-secret' });
});
afterAll(async () => {
  await database.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const jpeg = () =>
  sharp({ create: { width: 640, height: 360, channels: 3, background: '#3366cc' } })
    .jpeg()
    .toBuffer();

async function videoWithThumbnail(options: { stored: boolean; variants: boolean }) {
  const id = crypto.randomUUID();
  const thumbnail = `video_thumbnails/${id}.jpg`;
  const userId = await createUserRow(database.db);
  await createVideo(database.db, userId, { id, thumbnail, thumbnail_variants: options.variants });
  if (options.stored) await storage.put(thumbnail, await jpeg(), 'image/jpeg');
  return { id, thumbnail };
}

const variantsFlag = async (id: string) =>
  (
    await database.db
      .selectFrom('videos')
      .select('thumbnail_variants')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).thumbnail_variants;

it('makes the 320, 480 and 640 WebP sizes of an old thumbnail, and records them', async () => {
  const old = await videoWithThumbnail({ stored: true, variants: false });
  const missing = await videoWithThumbnail({ stored: false, variants: false });
  const current = await videoWithThumbnail({ stored: true, variants: true });

  const { done, skipped } = await makeMissingThumbnailVariants(database.db, storage);

  expect(done).toContain(old.id);
  for (const width of [320, 480, 640]) {
    const webp = Buffer.concat(
      await (await storage.read(thumbnailVariantPath(old.thumbnail, width))).toArray(),
    );
    const metadata = await sharp(webp).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width, height: (width * 9) / 16 });
  }
  expect(await variantsFlag(old.id)).toBe(true);

  // A thumbnail whose file is gone keeps its JPEG address alone, and is tried again next time.
  expect(skipped.map((s) => s.videoId)).toContain(missing.id);
  expect(await variantsFlag(missing.id)).toBe(false);
  // One that has its sizes is not touched.
  expect(done).not.toContain(current.id);
  expect(await storage.exists(thumbnailVariantPath(current.thumbnail, 320))).toBe(false);

  // A second run finds nothing more to do for them.
  const again = await makeMissingThumbnailVariants(database.db, storage);
  expect(again.done).not.toContain(old.id);
});
