import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_CAPTURE } from '../../tests/support/capture-metadata';
import { createUserRow, createVideo } from '../../tests/support/factories';
import { createTestDatabase } from '../../tests/support/test-database';
import { ffmpegPath, QUIETLY, renderTestVideo } from '../adapters/media/ffmpeg';
import { HASH_VERSION } from '../adapters/media/frame-hash';
import { localStorage } from '../adapters/storage/local-storage';
import type { Storage } from '../adapters/storage/storage';
import type { Database } from '../db/connection';
import { backfillFingerprints } from './fingerprints-backfill';

const run = promisify(execFile);
let database: Database;
let storage: Storage;
let dir: string;
let userId: string;
beforeAll(async () => {
  database = await createTestDatabase();
  dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'fingerprints-backfill-'));
  storage = localStorage(path.join(dir, 'storage'), {
    secret: 'test-secret-for-signed-file-urls-0123456789',
  });
  userId = await createUserRow(database.db, { email: 'backfill@example.com' });
});
afterAll(async () => {
  await database.close();
  await fsp.rm(dir, { recursive: true, force: true });
});

/** A video processed before fingerprints existed: its file stored, its hash known, no fingerprint. */
async function processedBefore(file: string, daysAgo: number, withFile = true, read = false) {
  const id = crypto.randomUUID();
  if (withFile) await storage.put(`videos/${id}.mp4`, fs.createReadStream(file), 'video/mp4');
  await createVideo(database.db, userId, {
    id,
    status: 'ready',
    path: `videos/${id}.mp4`,
    sha256: id.replace(/-/g, ''),
    duration: 'PT8S',
    created_at: new Date(Date.now() - daysAgo * 86_400_000),
    // Read when processed (after files were read, before fingerprints): the backfill leaves it be.
    capture_metadata: read ? JSON.stringify({ ...NO_CAPTURE, device: 'as processed' }) : null,
  });
  return id;
}

// Two clips made with ffmpeg and fingerprinted: seconds idle, far more beside the whole suite.
describe('backfillFingerprints', { timeout: 120_000 }, () => {
  it('fingerprints the older videos oldest first, flags a later copy of an earlier one, reads their files, and reports a lost file', async () => {
    const source = path.join(dir, 'source.mp4');
    await renderTestVideo('mandelbrot', 8, source, { size: '320x180', audio: false });
    const copyFile = path.join(dir, 'copy.mp4');
    const filmed = ['-metadata', 'creation_time=2026-11-20T12:03:11Z'];
    await run(ffmpegPath, [
      ...QUIETLY,
      '-i',
      source,
      '-vf',
      'scale=426:240',
      '-crf',
      '30',
      ...filmed,
      copyFile,
    ]);
    const original = await processedBefore(source, 3, true, true);
    const copy = await processedBefore(copyFile, 2);
    const lost = await processedBefore(source, 1, false);

    const lines: string[] = [];
    const counts = await backfillFingerprints({
      db: database.db,
      storage,
      workDir: path.join(dir, 'work'),
      log: (line) => lines.push(line),
    });

    expect(counts).toEqual({ fingerprinted: 2, copies: 1, captured: 1, failed: 1 });
    const captures = await database.db
      .selectFrom('videos')
      .select(['id', 'capture_metadata'])
      .where('id', 'in', [original, copy])
      .execute();
    const captureOf = (id: string) => captures.find((row) => row.id === id)?.capture_metadata;
    expect(captureOf(original)?.device).toBe('as processed');
    expect(captureOf(copy)).toMatchObject({ capturedAt: '2026-11-20T12:03:11.000Z', editedWith: 'FFmpeg' });
    const matches = await database.db.selectFrom('video_copy_matches').selectAll().execute();
    expect(matches.map((m) => [m.video_id, m.original_id])).toEqual([[copy, original]]);
    expect(lines.find((line) => line.startsWith(lost))).toMatch(/failed/);
    expect(await fsp.readdir(path.join(dir, 'work'))).toEqual([]);
    // A second run has nothing left but the file that is gone.
    expect(await backfillFingerprints({ db: database.db, storage, workDir: path.join(dir, 'work') })).toEqual(
      {
        fingerprinted: 0,
        copies: 0,
        captured: 0,
        failed: 1,
      },
    );
  });

  it('hashes again the videos an older frame hash fingerprinted, keeping the copy found and what staff decided', async () => {
    const db = database.db;
    await db.updateTable('video_copy_matches').set({ decision: 'not_a_copy', decided_by: userId }).execute();
    await db
      .updateTable('video_fingerprints')
      .set({ hash_version: HASH_VERSION - 1, rate: 1 })
      .execute();

    const counts = await backfillFingerprints({ db, storage, workDir: path.join(dir, 'work') });

    expect(counts).toEqual({ fingerprinted: 2, copies: 0, captured: 0, failed: 1 });
    const stored = await db.selectFrom('video_fingerprints').select(['hash_version', 'rate']).execute();
    expect(stored).toEqual([
      { hash_version: HASH_VERSION, rate: 2 },
      { hash_version: HASH_VERSION, rate: 2 },
    ]);
    const matches = await db.selectFrom('video_copy_matches').select(['decision']).execute();
    expect(matches).toEqual([{ decision: 'not_a_copy' }]);
  });
});
