import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseIsoDuration } from '../../common/duration';
import { readCaptureMetadata } from '../adapters/media/capture-metadata';
import { fingerprintOf } from '../adapters/media/fingerprint';
import { HASH_VERSION } from '../adapters/media/frame-hash';
import type { Storage } from '../adapters/storage/storage';
import { type Executor, inTransaction } from '../repositories/executor';
import { videoFingerprintsRepository } from '../repositories/video-fingerprints.repository';
import { videoProcessingRepository } from '../repositories/video-processing.repository';
import { findCopy, indexRows, storedFingerprint } from '../services/videos/copy-finder';

/** Videos read from the database per round. */
const BATCH = 50;

export interface BackfillDeps {
  db: Executor;
  storage: Storage;
  /** Where a video's file is copied to be read (ffmpeg needs to seek). */
  workDir: string;
  log?: (line: string) => void;
}

/**
 * Fingerprints every processed video that has no fingerprint (videos from before the copy check), or one
 * made by an older frame hash (HASH_VERSION), oldest first, each checked against the ones before it as
 * processing checks an upload: an old copy of an older video is flagged for staff like a new one. A video
 * hashed again keeps the copy already found of it, and what staff decided of that. What the file says of
 * its filming is read too where the video has none yet (processed before files were read). A file that
 * cannot be read is reported and skipped.
 */
export async function backfillFingerprints(deps: BackfillDeps) {
  const fingerprints = videoFingerprintsRepository(deps.db);
  const counts = { fingerprinted: 0, copies: 0, captured: 0, failed: 0 };
  const failed = new Set<string>();
  await fsp.mkdir(deps.workDir, { recursive: true });
  for (;;) {
    const videos = (await fingerprints.unfingerprinted(BATCH + failed.size, HASH_VERSION)).filter(
      (v) => !failed.has(v.id),
    );
    if (videos.length === 0) return counts;
    for (const video of videos.slice(0, BATCH)) {
      const file = path.join(deps.workDir, `fingerprint-${video.id}`);
      try {
        await pipeline(await deps.storage.read(video.path!), fs.createWriteStream(file));
        const duration = video.duration ? parseIsoDuration(video.duration) : null;
        const fingerprint = await fingerprintOf(file, duration);
        const copy = video.copy_of ? null : await findCopy(deps.db, video.id, fingerprint);
        const capture = video.capture_metadata ? null : await readCaptureMetadata(file);
        await inTransaction(deps.db, async (trx) => {
          const stored = videoFingerprintsRepository(trx);
          await stored.save(video.id, storedFingerprint(fingerprint), indexRows(fingerprint));
          if (!video.copy_of) await stored.saveMatch(video.id, copy);
          if (capture) await videoProcessingRepository(trx).saveCaptureMetadata(video.id, capture);
        });
        counts.fingerprinted++;
        if (copy) counts.copies++;
        if (capture) counts.captured++;
        deps.log?.(`${video.id}: ${copy ? `possible copy of ${copy.originalId}` : 'fingerprinted'}`);
      } catch (error) {
        failed.add(video.id);
        counts.failed++;
        deps.log?.(`${video.id}: failed (${error instanceof Error ? error.message : String(error)})`);
      } finally {
        await fsp.rm(file, { force: true });
      }
    }
  }
}
