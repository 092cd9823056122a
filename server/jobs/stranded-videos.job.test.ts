import crypto from 'node:crypto';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, makeVerified, signUp, type TestApp } from '../../tests/support/test-app';
import { createTestDatabase } from '../../tests/support/test-database';
import { type Caller, createUpload, createWaitingVideo, patchUpload } from '../../tests/support/uploads';
import { uploadsRepository } from '../repositories/uploads.repository';
import { createQueue, ensureQueues } from './queue';
import { requeueStrandedVideos } from './stranded-videos.job';
import { processingQueueing, VIDEO_PROCESSING_QUEUE, type VideoProcessingJob } from './video-processing.job';

/**
 * No lost work on upload: the processing job is written in the transaction that gives the video its
 * file, and the sweep queues it again for a video claimed without one (from before that was so, or whose
 * job gave up). On pg-boss itself, on both databases; no worker runs, so every job stays where it is.
 */
let t: TestApp;
let queue: PgBoss;
let creator: Caller;
beforeAll(async () => {
  const database = await createTestDatabase();
  queue = createQueue(database);
  await queue.start();
  await ensureQueues(queue, [VIDEO_PROCESSING_QUEUE]);
  t = await createTestApp({}, { database, queueVideoProcessing: processingQueueing(queue) });
  creator = await signUp(t, { email: 'sweep@example.com' });
  await makeVerified(t, creator, 'sweeper');
});
afterAll(async () => {
  await queue.stop({ graceful: false, close: false });
  await t.close();
});

const jobsOf = (videoId: string) =>
  queue.findJobs<VideoProcessingJob>(VIDEO_PROCESSING_QUEUE, { key: videoId });

it('queues processing with the upload as the last byte arrives, and the sweep leaves that video alone', async () => {
  const videoId = await createWaitingVideo(t, creator.id);
  const bytes = crypto.randomBytes(2048);
  const { location } = await createUpload(t, creator, {
    length: bytes.length,
    metadata: { videoId, filename: 'clip.mp4', filetype: 'video/mp4' },
  });
  const finished = await patchUpload(t, creator, location, 0, bytes);
  expect(finished.statusCode).toBe(204);
  const jobs = await jobsOf(videoId);
  // With the id of the request that queued it, for the job's log lines.
  const requestId = String(finished.headers['x-request-id']);
  expect(jobs.map((job) => [job.state, job.data])).toEqual([
    ['created', { videoId, uploadId: location.split('/').pop(), requestId }],
  ]);
  expect(await requeueStrandedVideos(queue, t.db)).not.toContain(videoId);
  expect(await jobsOf(videoId)).toHaveLength(1);
});

it('queues again, once, a claimed video that has no job waiting', async () => {
  const videoId = await createWaitingVideo(t, creator.id);
  // Claimed the way a version before the transactional job could leave it: the file, and no job.
  const file = { path: `videos/${videoId}.mp4`, fileName: 'clip.mp4', sizeBytes: 10 };
  expect(await uploadsRepository(t.db).claimFile({ videoId, userId: creator.id, ...file })).toBe(true);
  const waiting = await createWaitingVideo(t, creator.id); // no file yet: nothing to process

  const requeued = await requeueStrandedVideos(queue, t.db);
  expect(requeued).toContain(videoId);
  expect(requeued).not.toContain(waiting);
  expect((await jobsOf(videoId)).map((job) => job.data)).toEqual([{ videoId }]);
  // Now it has one waiting: the next sweep does not add another.
  expect(await requeueStrandedVideos(queue, t.db)).not.toContain(videoId);
  expect(await jobsOf(videoId)).toHaveLength(1);
});

it('queues again a video whose job gave up, with the upload that job knew', async () => {
  const videoId = await createWaitingVideo(t, creator.id);
  const file = { path: `videos/${videoId}.mp4`, fileName: 'clip.mp4', sizeBytes: 10 };
  expect(await uploadsRepository(t.db).claimFile({ videoId, userId: creator.id, ...file })).toBe(true);
  const id = await queue.send(
    VIDEO_PROCESSING_QUEUE,
    { videoId, uploadId: 'the-upload' },
    {
      singletonKey: videoId,
      retryLimit: 0,
    },
  );
  const [fetched] = await queue
    .fetch(VIDEO_PROCESSING_QUEUE, { batchSize: 50 })
    .then((jobs) => jobs.filter((job) => job.id === id));
  expect(fetched).toBeDefined();
  await queue.fail(VIDEO_PROCESSING_QUEUE, id!, new Error('storage down'));
  expect((await jobsOf(videoId)).map((job) => job.state)).toEqual(['failed']);

  expect(await requeueStrandedVideos(queue, t.db)).toContain(videoId);
  const states = (await jobsOf(videoId)).map((job) => [job.state, job.data.uploadId]).sort();
  expect(states).toEqual([
    ['created', 'the-upload'],
    ['failed', 'the-upload'],
  ]);
});
