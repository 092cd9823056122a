import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fromKysely, type PgBoss } from 'pg-boss';
import { APP_NAME } from '../../common/constants';
import { parseIsoDuration } from '../../common/duration';
import {
  type PreviewEncoding,
  previewSize,
  probeDisplaySize,
  renderPreview,
} from '../adapters/media/preview-render';
import { watermarkPng } from '../adapters/media/watermark';
import type { Storage } from '../adapters/storage/storage';
import type { Executor, Tx } from '../repositories/executor';
import { type PreviewStatus, videoPreviewsRepository } from '../repositories/video-previews.repository';
import { CLAIM_RENEWED, type Traced, traced } from './queue';

export const VIDEO_PREVIEW_QUEUE = 'video-preview';
export interface VideoPreviewJob extends Traced {
  videoId: string;
}

/** `preview_error` when ffprobe finds no picture in the original. */
export const PREVIEW_NOT_A_VIDEO = 'NOT_A_VIDEO';
/** `preview_error` when ffmpeg refuses to decode the original. */
export const PREVIEW_RENDER_FAILED = 'RENDER_FAILED';

/** Where a video's preview is stored (private: handed out as signed URLs only). */
export const previewPath = (videoId: string) => `previews/${videoId}.mp4`;

export interface VideoPreviewDeps {
  db: Executor;
  storage: Storage;
  /** Where the temporary copies go (default: the OS temp dir): needs room for the largest original. */
  workDir?: string;
  /** Run ffmpeg under `nice` (default true): previews must not slow the site down. */
  nice?: boolean;
}

/** Where the preview ended up; null when there is nothing to make it from (no video, no processed file). */
export type VideoPreviewResult = { status: PreviewStatus; key: string | null; error: string | null } | null;

/** Ten minutes, plus ten times the clip's length: a long original on a busy machine still finishes. */
function timeoutFor(duration: string | null): number {
  const seconds = (duration && parseIsoDuration(duration)) || 0;
  return (600 + seconds * 10) * 1000;
}

/**
 * Makes a video's preview (issue 17): the original copied out of storage, scaled to at most 720p in its
 * own shape, watermarked with the product's name, encoded for streaming and stored at
 * `previews/{id}.mp4`. An original ffmpeg cannot read marks the preview `failed` (the video's status is
 * none of this job's business) and ends the job, since retrying cannot help; an ffmpeg that cannot run
 * or times out throws, and the queue retries.
 */
export async function makePreview(job: VideoPreviewJob, deps: VideoPreviewDeps): Promise<VideoPreviewResult> {
  const previews = videoPreviewsRepository(deps.db);
  const video = await previews.findSource(job.videoId);
  if (!video?.path || video.status === 'not_uploaded') return null;
  const source = video.path;
  const failed = async (error: string): Promise<VideoPreviewResult> => {
    await previews.markFailed(job.videoId, source, error);
    return { status: 'failed', key: null, error };
  };

  const workDir = deps.workDir ?? os.tmpdir();
  await fsp.mkdir(workDir, { recursive: true });
  const work = await fsp.mkdtemp(path.join(workDir, 'video-preview-'));
  try {
    // ffmpeg reads a local file: it needs to seek (an MP4 may keep its index at the end).
    const original = path.join(work, 'original');
    await pipeline(await deps.storage.read(source), fs.createWriteStream(original));
    const made = await renderPreviewFile(original, work, {
      nice: deps.nice ?? true,
      timeoutMs: timeoutFor(video.duration),
    });
    if ('error' in made) return await failed(made.error);
    const output = made.file;
    const key = previewPath(job.videoId);
    const { size: sizeBytes } = await fsp.stat(output);
    await deps.storage.put(key, fs.createReadStream(output), 'video/mp4');
    // A new original arrived meanwhile: its own job makes its preview and overwrites this file.
    const rendition = { ...made.size, sizeBytes };
    if (!(await previews.markReady(job.videoId, source, key, rendition))) return null;
    return { status: 'ready', key, error: null };
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
  }
}

/**
 * Renders the preview of a local `original` into `work` (the job's, and the demo data's, one way to make
 * one): its display size probed, the watermark drawn at the preview's size and laid over every frame.
 */
export async function renderPreviewFile(
  original: string,
  work: string,
  options: { nice: boolean; timeoutMs: number; encoding?: PreviewEncoding },
): Promise<{ file: string; size: { width: number; height: number } } | { error: string }> {
  const display = await probeDisplaySize(original);
  if (!display) return { error: PREVIEW_NOT_A_VIDEO };
  const size = previewSize(display);
  const watermarkFile = path.join(work, 'watermark.png');
  await fsp.writeFile(watermarkFile, await watermarkPng(APP_NAME, size.width, size.height));
  const file = path.join(work, 'preview.mp4');
  const rendered = await renderPreview(original, file, { size, watermarkFile, ...options });
  return rendered ? { file, size } : { error: PREVIEW_RENDER_FAILED };
}

/** How a preview job is sent: retried a few times, one per video at a time, its claim renewed while it runs. */
const SEND_OPTIONS = { retryLimit: 2, retryDelay: 30, ...CLAIM_RENEWED } as const;

/**
 * Queues the preview of a video inside the transaction that finished its processing (pg-boss's
 * `fromKysely`): the job exists exactly when the processed state does.
 */
export function previewQueueing(queue: PgBoss) {
  return {
    inTransaction: async (trx: Tx, videoId: string) => {
      await queue.send(VIDEO_PREVIEW_QUEUE, traced({ videoId } satisfies VideoPreviewJob), {
        ...SEND_OPTIONS,
        singletonKey: videoId,
        db: fromKysely(trx),
      });
    },
    /** Outside any transaction: the pending videos at start-up. */
    now: async (videoId: string) => {
      await queue.send(VIDEO_PREVIEW_QUEUE, { videoId } satisfies VideoPreviewJob, {
        ...SEND_OPTIONS,
        singletonKey: videoId,
      });
    },
  };
}
