import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { beforeAll, expect, it } from 'vitest';
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
import { uploadFinishService, videoUploadTarget } from './upload-finish.service';

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

it('queues processing of the video once its file is in storage', async () => {
  const bytes = crypto.randomBytes(64 * 1024);
  const { videoId, datastore, upload } = await completedUpload(bytes);
  const queued: string[] = [];
  const finisher = uploadFinishService({
    storage: t.storage,
    datastore,
    target: videoUploadTarget(uploadsRepository(t.db), async (id) => {
      // By now the file is where the job will look for it.
      expect(await t.storage.exists(`videos/${id}.webm`)).toBe(true);
      queued.push(id);
    }),
  });
  await finisher.finish(upload);
  expect(queued).toEqual([videoId]);
  const stored = await t.storage.read(`videos/${videoId}.webm`);
  expect(sha256(Buffer.concat(await stored.toArray()))).toBe(sha256(bytes));
  expect(await filesInUploadDirectory(t)).toEqual([]);
});

it('gives the claim back when the file cannot be stored, so the video still waits for one', async () => {
  const { videoId, datastore, upload } = await completedUpload(Buffer.alloc(100));
  const failingStorage = { ...t.storage, moveFile: () => Promise.reject(new Error('disk full')) };
  const finisher = uploadFinishService({
    storage: failingStorage,
    datastore,
    target: videoUploadTarget(uploadsRepository(t.db)),
  });
  await expect(finisher.finish(upload)).rejects.toThrow('disk full');
  const video = await t.db
    .selectFrom('videos')
    .selectAll()
    .where('id', '=', videoId)
    .executeTakeFirstOrThrow();
  expect(video).toMatchObject({ path: null, size_bytes: null, status: 'not_uploaded' });
});
