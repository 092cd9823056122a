import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { renderTestVideo } from '../../server/adapters/media/ffmpeg';
import { localStorage } from '../../server/adapters/storage/local-storage';
import type { Storage } from '../../server/adapters/storage/storage';
import type { Database } from '../../server/db/connection';
import type { VideoProcessingDeps } from '../../server/jobs/video-processing.job';
import { createUserRow, createVideo } from './factories';
import { createTestDatabase } from './test-database';

/**
 * What the processing job's tests share: a test database, local storage and a work folder in a
 * temporary folder of the file's own, one creator, and real clips uploaded as a finished upload leaves
 * them. Call at a test file's top level: it registers the set-up and the clean-up.
 */
export function processingFixture() {
  const fixture = {
    database: undefined as unknown as Database,
    storage: undefined as unknown as Storage,
    deps: undefined as unknown as VideoProcessingDeps,
    /** The folder clips are made in. */
    fixtures: '',
    workDir: '',
    userId: '',
    /** A real clip of its own content (each test uses another source, so tests never see each other's). */
    async clip(source: string, seconds: number): Promise<string> {
      const file = path.join(fixture.fixtures, `${source.replace(/\W/g, '-')}-${seconds}.mp4`);
      await renderTestVideo(source, seconds, file);
      return file;
    },
    /** A video row whose upload just finished: the file is in storage at its path, status not_uploaded. */
    async uploaded(file: string): Promise<string> {
      const id = crypto.randomUUID();
      const filePath = `videos/${id}.mp4`;
      await fixture.storage.put(filePath, fs.createReadStream(file), 'video/mp4');
      await createVideo(fixture.database.db, fixture.userId, {
        id,
        title: 'Clip',
        path: filePath,
        status: 'not_uploaded',
      });
      return id;
    },
    rowOf: (id: string) =>
      fixture.database.db
        .selectFrom('videos')
        .select([
          'status',
          'processing_error',
          'sha256',
          'size_bytes',
          'duration',
          'thumbnail',
          'thumbnail_variants',
          'capture_metadata',
        ])
        .where('id', '=', id)
        .executeTakeFirstOrThrow(),
    async storedFile(filePath: string): Promise<Buffer> {
      const chunks: Buffer[] = [];
      for await (const chunk of await fixture.storage.read(filePath)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    leftInWorkDir: () => fsp.readdir(fixture.workDir),
  };

  beforeAll(async () => {
    fixture.database = await createTestDatabase();
    fixture.fixtures = await fsp.mkdtemp(path.join(os.tmpdir(), 'video-processing-test-'));
    fixture.workDir = path.join(fixture.fixtures, 'work');
    await fsp.mkdir(fixture.workDir);
    fixture.storage = localStorage(path.join(fixture.fixtures, 'storage'), {
      secret: 'test-secret-for-signed-file-urls-0123456789',
    });
    fixture.deps = { db: fixture.database.db, storage: fixture.storage, workDir: fixture.workDir };
    fixture.userId = await createUserRow(fixture.database.db, { email: 'creator@example.com' });
  });
  afterAll(async () => {
    await fixture.database.close();
    await fsp.rm(fixture.fixtures, { recursive: true, force: true });
  });
  return fixture;
}
