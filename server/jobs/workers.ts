/**
 * The job queue's workers, each started once by main.ts on its queue (pg-boss retries a job whose worker
 * throws, and the log says why).
 */
import { fromKysely, type PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { Storage } from '../adapters/storage/storage';
import type { UploadStore } from '../adapters/uploads/upload-store';
import { youtubeHttpChannel } from '../adapters/youtube/youtube-http';
import { pictureHostsOf, type SocialConfig, type YouTubeConfig } from '../config';
import type { Executor } from '../repositories/executor';
import { videoPreviewsRepository } from '../repositories/video-previews.repository';
import { FileNotStoredYet } from '../services/uploads/upload-finish.service';
import type { EnqueuePublishing } from '../services/videos/video-moderation.service';
import type { videoStatusNotifier } from '../services/videos/video-status-notifier';
import { AVATAR_IMPORT_QUEUE, type AvatarImportJob, importAvatar } from './avatar-import.job';
import { asPartOf, ensureQueues, type Traced, traced } from './queue';
import { UPKEEP_POLLING } from './upkeep';
import { makePreview, previewQueueing, VIDEO_PREVIEW_QUEUE, type VideoPreviewJob } from './video-preview.job';
import { processVideo, VIDEO_PROCESSING_QUEUE, type VideoProcessingJob } from './video-processing.job';
import {
  checkRemovedVideos,
  PUBLISHING_EXPIRE_SECONDS,
  PUBLISHING_RETRY_DELAY_SECONDS,
  PUBLISHING_RETRY_LIMIT,
  publishVideo,
  YOUTUBE_PUBLISHING_QUEUE,
  YOUTUBE_REMOVAL_CHECK_QUEUE,
  type YouTubePublishingJob,
} from './youtube-publishing.job';

/** What every worker runs on. */
export interface WorkerDeps {
  db: Executor;
  storage: Storage;
  logger: Logger;
}

/** Tells a video's owner of its new status (live and by e-mail), inside the given transaction. */
type VideoStatusNotifierIn = (trx: Executor) => ReturnType<typeof videoStatusNotifier>;

/** Imports the profile picture a social login brought (auth queues the job for a new user). */
export async function startAvatarImports(queue: PgBoss, deps: WorkerDeps & { social: SocialConfig }) {
  await queue.work<AvatarImportJob & Traced>(AVATAR_IMPORT_QUEUE, async ([job]) => {
    if (!job) return;
    const pictureHosts = (provider: string) => pictureHostsOf(deps.social, provider);
    await asPartOf(job.data, deps.logger, () =>
      importAvatar(job.data, { db: deps.db, storage: deps.storage, pictureHosts }),
    );
  });
}

/**
 * A creator waits on the page for their video to be processed, and a visitor for the preview: a worker
 * looks for the next job every half second (pg-boss's least; its default of 2 s came between every two
 * previews, three quarters of the wait for the demo videos on a first start).
 */
const PROMPTLY = { pollingIntervalSeconds: 0.5 };

/**
 * A video's file has arrived: probe, hash and thumbnail it, then tell the owner; and make its
 * watermarked preview. Queues the previews still missing.
 */
export async function startVideoWorkers(
  queue: PgBoss,
  deps: WorkerDeps & {
    notifierIn: VideoStatusNotifierIn;
    workDir: string;
    previewConcurrency: number;
    uploads: UploadStore;
  },
) {
  const { db, storage, workDir, logger } = deps;
  const previews = previewQueueing(queue);
  const options = { ...PROMPTLY, includeMetadata: true } as const;
  const processing = {
    ...{ db, storage, workDir, uploads: deps.uploads },
    queuePreview: previews.inTransaction,
    notify: (trx: Executor, videoId: string) => deps.notifierIn(trx).notify(videoId),
  };
  await queue.work<VideoProcessingJob>(VIDEO_PROCESSING_QUEUE, options, async ([job]) => {
    if (!job) return;
    await asPartOf(job.data, logger, async (log) => {
      try {
        await processVideo(job.data, processing, job.retryCount);
      } catch (error) {
        // pg-boss retries it; the log says why (a file still on its way is expected, not a failure).
        const waiting = error instanceof FileNotStoredYet;
        log[waiting ? 'info' : 'error'](
          { err: error, videoId: job.data.videoId },
          waiting ? 'video file not in storage yet; retrying' : 'video processing failed',
        );
        throw error;
      }
    });
  });
  // The watermarked preview everyone but the owner and staff plays: ffmpeg under nice, a few at a time.
  await queue.work<VideoPreviewJob>(
    VIDEO_PREVIEW_QUEUE,
    { ...PROMPTLY, localConcurrency: deps.previewConcurrency },
    async ([job]) => {
      if (!job) return;
      await asPartOf(job.data, logger, async (log) => {
        try {
          const result = await makePreview(job.data, { db, storage, workDir });
          if (result?.status === 'failed')
            log.warn(
              { videoId: job.data.videoId, reason: result.error },
              'no preview can be made of this video',
            );
        } catch (error) {
          log.error({ err: error, videoId: job.data.videoId }, 'making a preview failed');
          throw error;
        }
      });
    },
  );
  // Videos processed before previews existed (migration 0013), the demo data's, and any whose job was lost.
  const pending = await videoPreviewsRepository(db).pendingIds();
  for (const videoId of pending) await previews.now(videoId);
  if (pending.length > 0) logger.info({ videos: pending.length }, 'queued previews still to make');
}

/**
 * Publishing to YouTube, when configured: approval queues a job in its own transaction (fromKysely),
 * the job uploads and retries with back-off, and an hourly check finds videos YouTube removed. Returns
 * how approval queues that job.
 */
export async function startYouTubePublishing(
  queue: PgBoss,
  youtube: YouTubeConfig,
  deps: WorkerDeps & { notifierIn: VideoStatusNotifierIn },
): Promise<EnqueuePublishing> {
  const { db, storage, logger } = deps;
  const channel = youtubeHttpChannel(youtube);
  const notify = (trx: Executor, videoId: string) => deps.notifierIn(trx).notify(videoId);
  await ensureQueues(queue, [YOUTUBE_PUBLISHING_QUEUE, YOUTUBE_REMOVAL_CHECK_QUEUE]);
  await queue.work<YouTubePublishingJob & Traced>(YOUTUBE_PUBLISHING_QUEUE, async ([job]) => {
    if (!job) return;
    const attempt = { final: job.retryCount >= PUBLISHING_RETRY_LIMIT };
    await asPartOf(job.data, logger, async (log) => {
      try {
        const outcome = await publishVideo(job.data, attempt, { db, storage, channel, notify });
        if (outcome === 'failed') log.warn({ videoId: job.data.videoId }, 'publishing to YouTube failed');
      } catch (error) {
        log.warn({ err: error, videoId: job.data.videoId }, 'publishing to YouTube will be retried');
        throw error; // pg-boss retries it after its back-off
      }
    });
  });
  await queue.schedule(YOUTUBE_REMOVAL_CHECK_QUEUE, '17 * * * *');
  await queue.work(YOUTUBE_REMOVAL_CHECK_QUEUE, UPKEEP_POLLING, async () => {
    await checkRemovedVideos({ db, channel, notify });
  });
  return async (trx, videoId) => {
    await queue.send(YOUTUBE_PUBLISHING_QUEUE, traced({ videoId } satisfies YouTubePublishingJob), {
      db: fromKysely(trx),
      retryLimit: PUBLISHING_RETRY_LIMIT,
      retryDelay: PUBLISHING_RETRY_DELAY_SECONDS,
      retryBackoff: true,
      expireInSeconds: PUBLISHING_EXPIRE_SECONDS,
    });
  };
}
