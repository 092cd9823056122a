import type { PgBoss } from 'pg-boss';
import type { Executor } from '../repositories/executor';
import { videoProcessingRepository } from '../repositories/video-processing.repository';
import { PROCESSING_RETRIES, VIDEO_PROCESSING_QUEUE, type VideoProcessingJob } from './video-processing.job';

/** The job states in which a video's processing is still going to happen. */
const PENDING_STATES = new Set(['created', 'retry', 'active']);

/**
 * Finds the videos whose upload completed but whose processing will never run, and queues it again
 * (main.ts's upkeep, every quarter of an hour).
 * Since the claim and its job are committed together this is a safety net: a video claimed before
 * that was so, or one whose job gave up (retries exhausted by a storage outage). Answers the videos queued.
 */
export async function requeueStrandedVideos(queue: PgBoss, db: Executor): Promise<string[]> {
  const requeued: string[] = [];
  for (const videoId of await videoProcessingRepository(db).claimedUnprocessedIds()) {
    const jobs = await queue.findJobs<VideoProcessingJob>(VIDEO_PROCESSING_QUEUE, { key: videoId });
    if (jobs.some((job) => PENDING_STATES.has(job.state))) continue;
    // The newest job knows the upload the file may still sit in.
    const newest = jobs.sort((a, b) => b.createdOn.getTime() - a.createdOn.getTime())[0];
    const job: VideoProcessingJob = { videoId, uploadId: newest?.data.uploadId };
    await queue.send(VIDEO_PROCESSING_QUEUE, job, { singletonKey: videoId, ...PROCESSING_RETRIES });
    requeued.push(videoId);
  }
  return requeued;
}
