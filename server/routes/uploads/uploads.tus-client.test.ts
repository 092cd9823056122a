import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { type PreviousUpload, Upload, type UploadOptions } from 'tus-js-client';
import { beforeAll, expect, it } from 'vitest';
import { setUpTestApp } from '../../../tests/support/set-up-test-app';
import { makeVerified, signUp } from '../../../tests/support/test-app';
import {
  type Caller,
  createWaitingVideo,
  filesInUploadDirectory,
  sha256,
} from '../../../tests/support/uploads';

const MB = 1024 * 1024;

let user: Caller;
let endpoint: string;

const t = setUpTestApp();
beforeAll(async () => {
  user = await signUp(t, { email: 'client@example.com' });
  await makeVerified(t, user, 'tusclient');
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  endpoint = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/uploads`;
});

/** Where the browser keeps upload URLs (localStorage there), so a new page can resume. */
function memoryUrlStorage() {
  const entries = new Map<string, PreviousUpload & { fingerprint: string }>();
  return {
    async findAllUploads() {
      return [...entries.values()];
    },
    async findUploadsByFingerprint(fingerprint: string) {
      return [...entries.values()].filter((entry) => entry.fingerprint === fingerprint);
    },
    async removeUpload(key: string) {
      entries.delete(key);
    },
    async addUpload(fingerprint: string, upload: PreviousUpload) {
      const key = `tus::${fingerprint}::${entries.size}`;
      entries.set(key, { ...upload, urlStorageKey: key, fingerprint });
      return key;
    },
  };
}

it('uploads 5 MB with tus-js-client in 1 MB chunks, paused after the first and resumed', async () => {
  const videoId = await createWaitingVideo(t, user.id);
  const bytes = crypto.randomBytes(5 * MB);
  const urlStorage = memoryUrlStorage();
  const options = (events: Partial<UploadOptions>): UploadOptions => ({
    endpoint,
    chunkSize: MB,
    retryDelays: null,
    metadata: { videoId, filename: 'phone-video.mp4', filetype: 'video/mp4' },
    // The browser adds these itself: the page's origin and its session cookie.
    headers: { origin: t.config.publicUrl, cookie: user.cookie },
    urlStorage,
    fingerprint: async () => `video-${videoId}`,
    removeFingerprintOnSuccess: true,
    ...events,
  });

  // First page: the user pauses after the first megabyte.
  let first!: Upload;
  const firstChunkSent = new Promise<number>((resolve, reject) => {
    first = new Upload(
      bytes,
      options({
        onChunkComplete: (_chunk, accepted) => {
          void first.abort().then(() => resolve(accepted));
        },
        onError: reject,
      }),
    );
    first.start();
  });
  expect(await firstChunkSent).toBe(MB);

  // Later: a new Upload finds the stored URL and continues from the server's offset.
  const sentOnResume: number[] = [];
  let resumed!: Upload;
  const finished = new Promise<void>((resolve, reject) => {
    resumed = new Upload(
      bytes,
      options({
        onChunkComplete: (_chunk, accepted) => sentOnResume.push(accepted),
        onSuccess: () => resolve(),
        onError: reject,
      }),
    );
  });
  const previous = await resumed.findPreviousUploads();
  expect(previous).toHaveLength(1);
  resumed.resumeFromPreviousUpload(previous[0]!);
  resumed.start();
  await finished;
  expect(sentOnResume[0]).toBeGreaterThan(MB); // it did not start over
  expect(sentOnResume.at(-1)).toBe(5 * MB);
  expect(await urlStorage.findAllUploads()).toEqual([]);

  const video = await t.db
    .selectFrom('videos')
    .selectAll()
    .where('id', '=', videoId)
    .executeTakeFirstOrThrow();
  expect(video).toMatchObject({ path: `videos/${videoId}.mp4`, size_bytes: 5 * MB });
  const stored = await t.storage.read(`videos/${videoId}.mp4`);
  expect(sha256(Buffer.concat(await stored.toArray()))).toBe(sha256(bytes));
  expect(await filesInUploadDirectory(t)).toEqual([]);
});
