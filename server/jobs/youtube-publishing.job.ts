import path from 'node:path';
import { normalizeVideoStatus, type VideoStatus } from '../../common/video-status';
import type { Storage } from '../adapters/storage/storage';
import { type YouTubeChannel, YouTubeError } from '../adapters/youtube/youtube';
import { type Executor, inTransaction } from '../repositories/executor';
import { videoModerationRepository } from '../repositories/video-moderation.repository';
import { videoPublishingRepository } from '../repositories/video-publishing.repository';
import { syncKeywordSummary } from '../services/videos/keyword-summary-sync';

export const YOUTUBE_PUBLISHING_QUEUE = 'youtube-publishing';
export const YOUTUBE_REMOVAL_CHECK_QUEUE = 'youtube-removal-check';
export interface YouTubePublishingJob {
  videoId: string;
}

/**
 * Retries after a retryable failure, with exponential back-off from RETRY_DELAY_SECONDS: 5, 10, 20 ...
 * 640 minutes, about 21 hours in all, so a spent daily quota (it resets at midnight Pacific time) is
 * waited out.
 */
export const PUBLISHING_RETRY_LIMIT = 8;
export const PUBLISHING_RETRY_DELAY_SECONDS = 5 * 60;
/** An upload of several GB takes a while; pg-boss gives up on a job that runs longer. */
export const PUBLISHING_EXPIRE_SECONDS = 4 * 60 * 60;

/** Statuses a video is published from: approved, or waiting for a retry. Any other means staff moved it. */
const PUBLISHABLE: readonly VideoStatus[] = ['approved', 'yt_upload_retry'];

export type PublishingOutcome = 'published' | 'retry' | 'failed' | 'skipped';

export interface PublishingDeps {
  db: Executor;
  storage: Storage;
  channel: YouTubeChannel;
  /** Tells the owner of the video's new status, inside the transaction that sets it. */
  notify?: (trx: Executor, videoId: string) => Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.m4v': 'video/mp4',
  '.mov': 'video/quicktime',
  '.webm': 'video/webm',
  '.mkv': 'video/x-matroska',
  '.avi': 'video/x-msvideo',
};

/** One step of the history the jobs write, by the system (changed_by null), with why. */
interface Step {
  to: VideoStatus;
  reason: string | null;
}

/**
 * Moves a video through these steps in one transaction, if it still has one of the statuses `from` (staff
 * may have declined or archived it meanwhile): each step is a history row, so staff read the publishing
 * history (every failed attempt too) with the status history. False when the video had moved on.
 */
async function moveStatus(
  db: Executor,
  videoId: string,
  from: readonly VideoStatus[],
  steps: readonly Step[],
  hooks: { before?: (trx: Executor) => Promise<void>; after?: (trx: Executor) => Promise<void> } = {},
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const videos = videoPublishingRepository(trx);
    const video = await videos.lockStatus(videoId);
    if (!video) return false;
    let current = normalizeVideoStatus(video.status);
    if (!from.includes(current)) return false;
    await hooks.before?.(trx);
    const history = videoModerationRepository(trx);
    for (const step of steps) {
      await history.recordChange({
        videoId,
        changedBy: null,
        from: current,
        to: step.to,
        reason: step.reason,
      });
      current = step.to;
    }
    await videos.setStatus(videoId, current);
    await syncKeywordSummary(trx, video, { ...video, status: current });
    await hooks.after?.(trx);
    return true;
  });
}

/**
 * Publishes an approved video to the platform's YouTube channel (issue 21): uploads the original with
 * its title, description, keywords as tags, category and privacy; on success the video gets its YouTube
 * id and `yt_uploaded`, then `ready`. A retryable failure (5xx, quota, network) makes it
 * `yt_upload_retry` and throws, so the queue tries again later; the last attempt (`final`), or a failure
 * that will not pass, makes it `yt_upload_error` with the reason, for staff to retry by hand.
 */
export async function publishVideo(
  job: YouTubePublishingJob,
  attempt: { final: boolean },
  deps: PublishingDeps,
): Promise<PublishingOutcome> {
  const video = await videoPublishingRepository(deps.db).findForUpload(job.videoId);
  if (!video || !PUBLISHABLE.includes(normalizeVideoStatus(video.status))) return 'skipped';
  try {
    if (!video.path) throw new YouTubeError('the video has no file', false);
    const sizeBytes = await deps.storage.size(video.path);
    if (sizeBytes === null) throw new YouTubeError('the file is missing from storage', false);
    const extension = path.extname(video.file_name ?? video.path).toLowerCase();
    const file = video.path;
    const { youtubeId } = await deps.channel.upload(
      {
        title: video.title,
        description: video.description,
        tags: video.keywords,
        categoryId: video.category_id,
        privacy: video.privacy === 'private' || video.privacy === 'unlisted' ? video.privacy : 'public',
        contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream',
        sizeBytes,
        open: (start) => deps.storage.read(file, { start }),
      },
      {
        address: video.youtube_upload_session,
        keep: (address) => videoPublishingRepository(deps.db).keepUploadSession(job.videoId, address),
      },
    );
    // YouTube has it: yt_uploaded, then ready, both in the history, in one transaction.
    const moved = await moveStatus(
      deps.db,
      job.videoId,
      PUBLISHABLE,
      [
        { to: 'yt_uploaded', reason: null },
        { to: 'ready', reason: null },
      ],
      {
        before: (trx) => videoPublishingRepository(trx).setPublished(job.videoId, youtubeId),
        after: (trx) => deps.notify?.(trx, job.videoId) ?? Promise.resolve(),
      },
    );
    return moved ? 'published' : 'skipped';
  } catch (error) {
    const retryable = !(error instanceof YouTubeError) || error.retryable;
    const reason = error instanceof YouTubeError ? error.reason : 'unexpected error';
    if (retryable && !attempt.final) {
      await moveStatus(deps.db, job.videoId, PUBLISHABLE, [{ to: 'yt_upload_retry', reason }]);
      throw error; // the queue retries it after its back-off
    }
    await moveStatus(deps.db, job.videoId, PUBLISHABLE, [{ to: 'yt_upload_error', reason }]);
    return 'failed';
  }
}

/** Statuses of a video whose YouTube copy should still be there. */
const ON_YOUTUBE: readonly VideoStatus[] = ['yt_uploaded', 'ready'];

/**
 * The periodic removal check: asks YouTube about every video published to the channel and marks the
 * ones it no longer shows (deleted, rejected, failed) `yt_removed`, with YouTube's reason (SPEC 4.1
 * notice), each owner told in the same transaction. The ids of the videos it marked.
 */
export async function checkRemovedVideos(deps: Omit<PublishingDeps, 'storage'>): Promise<string[]> {
  const published = await videoPublishingRepository(deps.db).listOnYouTube();
  const byYouTubeId = new Map(published.map((video) => [video.youtube_id ?? '', video.id]));
  const removed = await deps.channel.removed([...byYouTubeId.keys()]);
  const marked: string[] = [];
  for (const gone of removed) {
    const videoId = byYouTubeId.get(gone.youtubeId);
    if (!videoId) continue;
    const reason = `YouTube: ${gone.reason}`;
    const tell = { after: (trx: Executor) => deps.notify?.(trx, videoId) ?? Promise.resolve() };
    if (await moveStatus(deps.db, videoId, ON_YOUTUBE, [{ to: 'yt_removed', reason }], tell))
      marked.push(videoId);
  }
  return marked;
}
