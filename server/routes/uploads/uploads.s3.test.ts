import crypto from 'node:crypto';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeVerified, signUp, type TestApp } from '../../../tests/support/test-app';
import {
  type Caller,
  createUpload,
  createWaitingVideo,
  patchUpload,
  restartApp,
  sha256,
  signIn,
  tusHeaders,
} from '../../../tests/support/uploads';
import { cleanUpExpiredUploads } from '../../adapters/uploads/upload-store-factory';

/**
 * Opt-in: tus's S3 store needs ListParts, ListMultipartUploads and AbortMultipartUpload, which s3rver (our
 * test S3) does not implement. Run it against a fuller S3, e.g. `moto_server -p 5000` or MinIO:
 *   UPLOADS_S3_TEST_ENDPOINT=http://127.0.0.1:5000 npx vitest run server/routes/uploads/uploads.s3
 */
const endpoint = process.env.UPLOADS_S3_TEST_ENDPOINT;
const MB = 1024 * 1024;

const s3 = {
  bucket: `uploads-${crypto.randomBytes(4).toString('hex')}`,
  endpoint: endpoint ?? '',
  region: 'us-east-1',
  accessKeyId: process.env.UPLOADS_S3_TEST_ACCESS_KEY_ID ?? 'test',
  secretAccessKey: process.env.UPLOADS_S3_TEST_SECRET_ACCESS_KEY ?? 'test',
};
const client = () =>
  new S3Client({
    endpoint: s3.endpoint,
    region: s3.region,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  });

let t: TestApp;
let restarted: TestApp | undefined;
let owner: Caller;
let stranger: Caller;

beforeAll(async () => {
  if (!endpoint) return;
  await client().send(new CreateBucketCommand({ Bucket: s3.bucket }));
  t = await createTestApp({
    STORAGE_DRIVER: 's3',
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: s3.region,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
  });
  owner = await signUp(t, { email: 's3-owner@example.com' });
  await makeVerified(t, owner, 's3owner');
  stranger = await signUp(t, { email: 's3-stranger@example.com' });
  await makeVerified(t, stranger, 's3stranger');
});
afterAll(async () => {
  await restarted?.app.close();
  await t?.close();
});

/** Every key in the bucket. */
async function bucketKeys(): Promise<string[]> {
  const listed = await client().send(new ListObjectsV2Command({ Bucket: s3.bucket }));
  return (listed.Contents ?? []).map((object) => object.Key!).sort();
}

describe.skipIf(!endpoint)('uploads with STORAGE_DRIVER=s3', () => {
  it('cancels an upload (DELETE) and cleans up expired ones in the bucket', async () => {
    const cancelled = await createUpload(t, owner, {
      length: 100,
      metadata: { videoId: await createWaitingVideo(t, owner.id), filename: 'a.mp4' },
    });
    await patchUpload(t, owner, cancelled.location, 0, Buffer.alloc(10));
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: cancelled.location,
      headers: tusHeaders(t, owner),
    });
    expect(cancel.statusCode).toBe(204);

    const abandoned = await createUpload(t, owner, {
      length: 100,
      metadata: { videoId: await createWaitingVideo(t, owner.id), filename: 'b.mp4' },
    });
    await patchUpload(t, owner, abandoned.location, 0, Buffer.alloc(10));
    await new Promise((resolve) => setTimeout(resolve, 1100)); // S3 dates uploads to the second
    expect(await cleanUpExpiredUploads(t.config, 1)).toBeGreaterThan(0);
    expect((await bucketKeys()).filter((key) => !key.startsWith('videos/'))).toEqual([]);
  });

  it('keeps unfinished uploads in the bucket, resumes them after a restart and moves the file into storage', async () => {
    const videoId = await createWaitingVideo(t, owner.id);
    // Chunks below S3's 5 MB part minimum: the store keeps the tail as an incomplete part in between.
    const bytes = crypto.randomBytes(7 * MB + 5);
    const first = 3 * MB;
    const { response, location } = await createUpload(t, owner, {
      length: bytes.length,
      metadata: { videoId, filename: 'bucket.MP4', filetype: 'video/mp4' },
    });
    expect(response.statusCode).toBe(201);
    expect((await patchUpload(t, owner, location, 0, bytes.subarray(0, first))).statusCode).toBe(204);
    const strangerHead = await t.app.inject({
      method: 'HEAD',
      url: location,
      headers: tusHeaders(t, stranger),
    });
    expect(strangerHead.statusCode).toBe(403);

    restarted = await restartApp(t);
    const again = await signIn(restarted, { ...owner, email: 's3-owner@example.com' });
    const head = await restarted.app.inject({
      method: 'HEAD',
      url: location,
      headers: tusHeaders(restarted, again),
    });
    expect(head.headers['upload-offset']).toBe(String(first));
    const second = 6 * MB;
    expect(
      (await patchUpload(restarted, again, location, first, bytes.subarray(first, second))).statusCode,
    ).toBe(204);
    const last = await patchUpload(restarted, again, location, second, bytes.subarray(second));
    expect(last.statusCode).toBe(204);

    const video = await t.db
      .selectFrom('videos')
      .selectAll()
      .where('id', '=', videoId)
      .executeTakeFirstOrThrow();
    expect(video).toMatchObject({ path: `videos/${videoId}.mp4`, size_bytes: bytes.length });
    const stored = await t.storage.read(`videos/${videoId}.mp4`);
    expect(sha256(Buffer.concat(await stored.toArray()))).toBe(sha256(bytes));
    // Nothing of the upload is left in the bucket: only the video's file.
    expect(await bucketKeys()).toEqual([`videos/${videoId}.mp4`]);
  });
});
