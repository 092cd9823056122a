import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../../tests/support/set-up-test-app';
import { makeVerified, signUp } from '../../../tests/support/test-app';
import {
  type Caller,
  createUpload,
  createWaitingVideo,
  filesInUploadDirectory,
  sha256,
} from '../../../tests/support/uploads';
import { createUploadStore } from '../../adapters/uploads/upload-store-factory';
import { uploadsRepository } from '../../repositories/uploads.repository';
import {
  ensureStored,
  FileNotStoredYet,
  uploadFinishService,
  type VideoProcessingRequest,
  videoUploadTarget,
} from './upload-finish.service';

let user: Caller;

const t = setUpTestApp();
beforeAll(async () => {
  user = await signUp(t, { email: 'finisher@example.com' });
  await makeVerified(t, user, 'finisher');
});

/** An upload created through the API whose bytes all arrived, written straight into the store. */
async function completedUpload(bytes: Buffer) {
  const videoId = await createWaitingVideo(t, user.id);
  const { location } = await createUpload(t, user, {
    length: bytes.length,
    metadata: { videoId, filename: 'Film.WebM', filetype: 'video/webm' },
  });
  const datastore = await createUploadStore(t.config);
  const id = location.split('/').pop()!;
  await datastore.write(Readable.from([bytes]), id, 0);
  return { videoId, datastore, upload: await datastore.getUpload(id) };
}

it('queues processing in the claiming transaction, then moves the file into storage', async () => {
  const bytes = crypto.randomBytes(64 * 1024);
  const { videoId, datastore, upload } = await completedUpload(bytes);
  const queued: VideoProcessingRequest[] = [];
  const finisher = uploadFinishService({
    storage: t.storage,
    datastore,
    target: videoUploadTarget(t.db, async (trx, job) => {
      // Inside the claim's transaction: the row already names the file, which is still in the upload store.
      expect((await uploadsRepository(trx).findTarget(videoId))?.path).toBe(`videos/${videoId}.webm`);
      expect(await t.storage.exists(`videos/${videoId}.webm`)).toBe(false);
      queued.push(job);
    }),
  });
  await finisher.finish(upload);
  expect(queued).toEqual([{ videoId, uploadId: upload.id }]);
  const stored = await t.storage.read(`videos/${videoId}.webm`);
  expect(sha256(Buffer.concat(await stored.toArray()))).toBe(sha256(bytes));
  expect(await filesInUploadDirectory(t)).toEqual([]);
});

it('queues nothing when the claim fails: a queue that throws rolls the claim back', async () => {
  const { videoId, datastore, upload } = await completedUpload(Buffer.alloc(100));
  const finisher = uploadFinishService({
    storage: t.storage,
    datastore,
    target: videoUploadTarget(t.db, () => Promise.reject(new Error('queue down'))),
  });
  await expect(finisher.finish(upload)).rejects.toThrow('queue down');
  expect(await uploadsRepository(t.db).findTarget(videoId)).toMatchObject({ path: null });
  // The upload is still whole in its store: the client's retry of the last request finishes it.
  expect((await datastore.getUpload(upload.id)).offset).toBe(100);
});

describe('ensureStored, before the processing job reads the file', () => {
  /** A claimed video whose finishing instance died before it moved the file (the claim committed). */
  async function claimedNotMoved() {
    const bytes = crypto.randomBytes(4096);
    const { videoId, datastore, upload } = await completedUpload(bytes);
    const video = { id: videoId, path: `videos/${videoId}.webm` };
    await videoUploadTarget(t.db).claim(
      { videoId, userId: user.id, filename: 'Film.WebM', filetype: 'video/webm' },
      { path: video.path, fileName: 'Film.WebM', sizeBytes: bytes.length },
      upload.id,
    );
    return { bytes, video, datastore, upload, deps: { storage: t.storage, datastore, db: t.db } };
  }

  it('waits on the first try (the finishing instance may be moving it), then moves it itself', async () => {
    const { bytes, video, upload, deps } = await claimedNotMoved();
    await expect(ensureStored(deps, video, upload.id, true)).rejects.toBeInstanceOf(FileNotStoredYet);
    expect(await ensureStored(deps, video, upload.id, false)).toBe('stored');
    const stored = await t.storage.read(video.path);
    expect(sha256(Buffer.concat(await stored.toArray()))).toBe(sha256(bytes));
    expect(await ensureStored(deps, video, upload.id, true)).toBe('stored');
  });

  it('gives the claim back when the file is in neither place, so the video waits for a file again', async () => {
    const { video, datastore, upload, deps } = await claimedNotMoved();
    await datastore.remove(upload.id);
    expect(await ensureStored(deps, video, upload.id, false)).toBe('lost');
    expect(await uploadsRepository(t.db).findTarget(video.id)).toMatchObject({ path: null });
  });
});

it('gives the claim back when the file cannot be stored, so the video still waits for one', async () => {
  const { videoId, datastore, upload } = await completedUpload(Buffer.alloc(100));
  const failingStorage = { ...t.storage, moveFile: () => Promise.reject(new Error('disk full')) };
  const finisher = uploadFinishService({
    storage: failingStorage,
    datastore,
    target: videoUploadTarget(t.db),
  });
  await expect(finisher.finish(upload)).rejects.toThrow('disk full');
  const video = await t.db
    .selectFrom('videos')
    .selectAll()
    .where('id', '=', videoId)
    .executeTakeFirstOrThrow();
  expect(video).toMatchObject({ path: null, size_bytes: null, status: 'not_uploaded' });
});
