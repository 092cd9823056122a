import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fromKysely, type PgBoss } from 'pg-boss';
import sharp from 'sharp';
import { captureMetadataOf } from '../../common/capture-metadata';
import { THUMBNAIL } from '../../common/constants';
import { normalizeVideoStatus, type VideoStatus } from '../../common/video-status';
import { readCaptureMetadata } from '../adapters/media/capture-metadata';
import { grabFrame, probeMedia } from '../adapters/media/ffmpeg';
import { type Fingerprint, fingerprintOf } from '../adapters/media/fingerprint';
import { storeThumbnail } from '../adapters/media/thumbnail-variants';
import type { Storage } from '../adapters/storage/storage';
import type { UploadStore } from '../adapters/uploads/upload-store';
import { type Executor, inTransaction, type Tx } from '../repositories/executor';
import { videoFingerprintsRepository } from '../repositories/video-fingerprints.repository';
import { videoProcessingRepository } from '../repositories/video-processing.repository';
import {
  ensureStored,
  type QueueVideoProcessing,
  type VideoProcessingRequest,
} from '../services/uploads/upload-finish.service';
import { findCopy, indexRows, storedFingerprint } from '../services/videos/copy-finder';
import { syncKeywordSummary } from '../services/videos/keyword-summary-sync';
import { CLAIM_RENEWED, type Traced, traced } from './queue';

export const VIDEO_PROCESSING_QUEUE = 'video-processing';
/** The video, and the upload its file may still sit in (see `ensureStored`). */
export type VideoProcessingJob = VideoProcessingRequest & Traced;

/**
 * Retries with back-off: the first retry (a few seconds on) moves a file a crashed instance left in the
 * upload store, later ones outlast a storage outage of some minutes.
 */
export const PROCESSING_RETRIES = {
  retryLimit: 6,
  retryDelay: 5,
  retryBackoff: true,
  ...CLAIM_RENEWED,
} as const;

/**
 * Sends the processing job inside the caller's transaction (the one that claims a file or creates a TV
 * video): the job exists exactly when the change does. Keyed by the video, for the stranded-video sweep.
 */
export function processingQueueing(queue: PgBoss): QueueVideoProcessing {
  return async (trx, job) => {
    await queue.send(VIDEO_PROCESSING_QUEUE, traced(job satisfies VideoProcessingJob), {
      db: fromKysely(trx),
      singletonKey: job.videoId,
      ...PROCESSING_RETRIES,
    });
  };
}

/** `processing_error` of a file that is not a video by its content. */
export const NOT_A_VIDEO = 'NOT_A_VIDEO';

/** Where the video ended up; null when it is gone. */
export type VideoProcessingResult = { status: VideoStatus; processingError: string | null } | null;

export interface VideoProcessingDeps {
  db: Executor;
  storage: Storage;
  /** Where the temporary copy of the upload goes (default: the OS temp dir): needs room for the largest. */
  workDir?: string;
  /** Where finished uploads wait until they are moved into storage; without it, the file must be there. */
  uploads?: UploadStore;
  /** Queues the preview job inside the transaction that finishes processing (`previewQueueing`). */
  queuePreview?: (trx: Tx, videoId: string) => Promise<void>;
  /** Tells the owner what processing found, inside the transaction that records it. */
  notify?: (trx: Executor, videoId: string) => Promise<void>;
}

/** ISO-8601 duration in the form common/duration.ts reads (`PT1H2M3.5S`), to the millisecond. */
export function isoDuration(totalSeconds: number): string {
  const ms = Math.max(0, Math.round(totalSeconds * 1000));
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor((ms % 3_600_000) / 60_000);
  const seconds = (ms % 60_000) / 1000;
  const showSeconds = seconds > 0 || (hours === 0 && minutes === 0);
  return `PT${hours ? `${hours}H` : ''}${minutes ? `${minutes}M` : ''}${showSeconds ? `${seconds}S` : ''}`;
}

/** Copies a stream to a file, hashing and counting it on the way: one pass, never all in memory. */
async function copyHashing(source: Readable, file: string) {
  const hash = crypto.createHash('sha256');
  let sizeBytes = 0;
  await pipeline(
    source,
    async function* (chunks: AsyncIterable<Buffer>) {
      for await (const chunk of chunks) {
        hash.update(chunk);
        sizeBytes += chunk.length;
        yield chunk;
      }
    },
    fs.createWriteStream(file),
  );
  return { sha256: hash.digest('hex'), sizeBytes };
}

/**
 * The card thumbnail: a frame ~10% in (past an opening fade, at most 3 s), letterboxed into 640x360
 * so a portrait or square video shows whole, as a JPEG of SPEC 9's quality; null without a frame.
 */
async function thumbnailOf(file: string, durationSeconds: number | null): Promise<Buffer | null> {
  const at = Math.min((durationSeconds ?? 0) * 0.1, 3);
  // Some files end their video early or seek badly: the first frame is better than none.
  const frame =
    (await grabFrame(file, at, THUMBNAIL)) ?? (at > 0 ? await grabFrame(file, 0, THUMBNAIL) : null);
  if (!frame) return null;
  return sharp(frame)
    .resize(THUMBNAIL.width, THUMBNAIL.height, { fit: 'contain', background: '#000000' })
    .flatten({ background: '#000000' })
    .jpeg({ quality: Math.round(THUMBNAIL.jpegQuality * 100) })
    .toBuffer();
}

/** The video's fingerprint joins the library's index, with the copy found of an earlier video (or none). */
async function recordFingerprint(
  db: Executor,
  videoId: string,
  fingerprint: Fingerprint,
  copy: Awaited<ReturnType<typeof findCopy>>,
) {
  const fingerprints = videoFingerprintsRepository(db);
  await fingerprints.save(videoId, storedFingerprint(fingerprint), indexRows(fingerprint));
  await fingerprints.saveMatch(videoId, copy);
}

/**
 * A refused file is not kept (nobody should download a non-video from our origin), and the video lets
 * go of it, so the owner can upload a real one or withdraw. The file goes first: while the row still
 * names it no new upload can claim the video, so the delete never hits a new file at the same path.
 */
async function discardNonVideo(
  videoId: string,
  path: string,
  deps: VideoProcessingDeps,
): Promise<VideoProcessingResult> {
  await deps.storage.delete(path);
  await inTransaction(deps.db, async (trx) => {
    // Told once: only the run whose update lets go of the file tells the owner.
    if (await videoProcessingRepository(trx).forgetRefusedFile(videoId, path))
      await deps.notify?.(trx, videoId);
  });
  return { status: 'not_uploaded', processingError: NOT_A_VIDEO };
}

/**
 * Processes a finished upload (DESIGN: media work runs as a job): hash, size, duration, thumbnail, then
 * `not_verified`, or `duplicate` when another video has the same content; the frames' fingerprint
 * (copy-finder.ts) joins the library's, with the earlier video it copies if any, for staff to judge. A file that is not a video
 * gets `processing_error = NOT_A_VIDEO` and no exception, since retrying cannot help; it is deleted and
 * the video waits for a file again. Only a video at `not_uploaded` is processed, so a retried job
 * changes nothing once one run got through. The upload is copied to a temporary file first because ffprobe needs to seek (an MP4 may keep its index at the end).
 */
export async function processVideo(
  job: VideoProcessingJob,
  deps: VideoProcessingDeps,
  retry = 0,
): Promise<VideoProcessingResult> {
  const videos = videoProcessingRepository(deps.db);
  const video = await videos.findUpload(job.videoId);
  if (!video) return null;
  const current = { status: normalizeVideoStatus(video.status), processingError: video.processing_error };
  if (current.status !== 'not_uploaded' || !video.path) return current;
  // A retry after the refusal below stopped half-way: the file may be gone already.
  if (current.processingError === NOT_A_VIDEO) return discardNonVideo(job.videoId, video.path, deps);
  if (deps.uploads) {
    const stored = { storage: deps.storage, datastore: deps.uploads, db: deps.db };
    const where = await ensureStored(
      stored,
      { id: job.videoId, path: video.path },
      job.uploadId,
      retry === 0,
    );
    if (where === 'lost') return { status: 'not_uploaded', processingError: null };
  }

  const workDir = deps.workDir ?? os.tmpdir();
  await fsp.mkdir(workDir, { recursive: true }); // a new data directory has none yet
  const work = await fsp.mkdtemp(path.join(workDir, 'video-processing-'));
  try {
    // No extension: ffprobe judges the content, not a name the uploader chose.
    const file = path.join(work, 'upload');
    const { sha256, sizeBytes } = await copyHashing(await deps.storage.read(video.path), file);
    const probe = await probeMedia(file);
    if (!probe?.hasVideo) {
      await videos.refuse(job.videoId, NOT_A_VIDEO);
      return discardNonVideo(job.videoId, video.path, deps);
    }
    // A file ffprobe crashes on (probeMedia then read it through ffmpeg) says nothing of its filming.
    const capture = await readCaptureMetadata(file).catch(() => captureMetadataOf({}, {}));
    // A fingerprint ffmpeg cannot make leaves the video unchecked for copies, not unprocessed.
    const fingerprint = await fingerprintOf(file, probe.durationSeconds).catch(() => null);
    const copy = fingerprint ? await findCopy(deps.db, job.videoId, fingerprint) : null;
    const thumbnail = `video_thumbnails/${job.videoId}.jpg`;
    const jpeg = await thumbnailOf(file, probe.durationSeconds);
    if (jpeg) await storeThumbnail(deps.storage, thumbnail, jpeg);
    // not_uploaded -> not_verified/duplicate lists nothing today; the summary follows the rule anyway.
    const state = await videos.finish(
      job.videoId,
      {
        sha256,
        sizeBytes,
        duration: probe.durationSeconds === null ? null : isoDuration(probe.durationSeconds),
        thumbnail: jpeg ? thumbnail : null,
        capture,
      },
      async (trx, before, after) => {
        await syncKeywordSummary(trx, before, after);
        if (fingerprint) await recordFingerprint(trx, job.videoId, fingerprint, copy);
        await deps.queuePreview?.(trx, job.videoId);
        await deps.notify?.(trx, job.videoId);
      },
    );
    return state
      ? { status: normalizeVideoStatus(state.status), processingError: state.processing_error }
      : null;
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
  }
}
