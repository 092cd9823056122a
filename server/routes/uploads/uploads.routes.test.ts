import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../../tests/support/set-up-test-app';
import { makeVerified, signUp } from '../../../tests/support/test-app';
import {
  type Caller,
  createUpload,
  createWaitingVideo,
  filesInUploadDirectory,
  patchUpload,
  sha256,
  tusHeaders,
  uploadMetadata,
} from '../../../tests/support/uploads';
import { NOT_A_VIDEO, processVideo } from '../../jobs/video-processing.job';

const MAX_BYTES = 4 * 1024 * 1024;

let owner: Caller;
let stranger: Caller;
let unverified: Caller;

const t = setUpTestApp({ UPLOAD_MAX_BYTES: String(MAX_BYTES) });
beforeAll(async () => {
  owner = await signUp(t, { email: 'owner@example.com' });
  await makeVerified(t, owner, 'uploader');
  stranger = await signUp(t, { email: 'stranger@example.com' });
  await makeVerified(t, stranger, 'stranger');
  unverified = await signUp(t, { email: 'unverified@example.com' });
});

const fileMetadata = (videoId: string) => ({
  videoId,
  filename: 'Holiday Clip.MOV',
  filetype: 'video/quicktime',
});

describe('creating an upload', () => {
  it('refuses a visitor (401) and an unverified user (403 NOT_VERIFIED), storing nothing', async () => {
    const videoId = await createWaitingVideo(t, owner.id);
    const visitor = await createUpload(t, null, { length: 100, metadata: fileMetadata(videoId) });
    expect(visitor.response.statusCode).toBe(401);
    expect(visitor.response.json()).toMatchObject({ code: 'NOT_AUTHENTICATED' });
    const notVerified = await createUpload(t, unverified, { length: 100, metadata: fileMetadata(videoId) });
    expect(notVerified.response.statusCode).toBe(403);
    expect(notVerified.response.json()).toMatchObject({ code: 'NOT_VERIFIED' });
    expect(await filesInUploadDirectory(t)).toEqual([]);
  });

  it('refuses a file larger than UPLOAD_MAX_BYTES with 413 before any byte is stored', async () => {
    const videoId = await createWaitingVideo(t, owner.id);
    const { response } = await createUpload(t, owner, {
      length: MAX_BYTES + 1,
      metadata: fileMetadata(videoId),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', params: { max: MAX_BYTES } });
    expect(await filesInUploadDirectory(t)).toEqual([]);
  });

  it("refuses someone else's video (403), an unknown one (404) and one that has its file (409)", async () => {
    const strangersVideo = await createWaitingVideo(t, stranger.id);
    const others = await createUpload(t, owner, { length: 100, metadata: fileMetadata(strangersVideo) });
    expect(others.response.statusCode).toBe(403);
    expect(others.response.json()).toMatchObject({ code: 'NOT_AUTHORIZED' });

    const unknown = await createUpload(t, owner, {
      length: 100,
      metadata: fileMetadata(crypto.randomUUID()),
    });
    expect(unknown.response.statusCode).toBe(404);

    const uploaded = await createWaitingVideo(t, owner.id);
    await t.db
      .updateTable('videos')
      .set({ path: `videos/${uploaded}.mp4` })
      .where('id', '=', uploaded)
      .execute();
    const again = await createUpload(t, owner, { length: 100, metadata: fileMetadata(uploaded) });
    expect(again.response.statusCode).toBe(409);
    expect(again.response.json()).toMatchObject({
      code: 'OPERATION_NOT_ALLOWED',
      params: { reason: 'alreadyUploaded' },
    });
    expect(await filesInUploadDirectory(t)).toEqual([]);
  });

  it('refuses metadata without a video id or file name (400)', async () => {
    const videoId = await createWaitingVideo(t, owner.id);
    const noVideo = await createUpload(t, owner, { length: 100, metadata: { filename: 'a.mp4' } });
    expect(noVideo.response.statusCode).toBe(400);
    expect(noVideo.response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [{ field: 'Upload-Metadata.videoId' }],
    });
    const noName = await createUpload(t, owner, { length: 100, metadata: { videoId } });
    expect(noName.response.statusCode).toBe(400);
    // Bytes in the creation request (tus creation-with-upload): the client sends them in a PATCH instead.
    const withData = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: tusHeaders(t, owner, {
        'upload-length': '10',
        'upload-metadata': uploadMetadata(fileMetadata(videoId)),
        'content-type': 'application/offset+octet-stream',
      }),
      payload: Buffer.alloc(10),
    });
    expect(withData.statusCode).toBe(400);
    expect(await filesInUploadDirectory(t)).toEqual([]);
  });

  it('stores the owner from the session, never the one the client claims', async () => {
    const videoId = await createWaitingVideo(t, owner.id);
    const { response, location } = await createUpload(t, owner, {
      length: 100,
      metadata: { ...fileMetadata(videoId), userId: stranger.id },
    });
    expect(response.statusCode).toBe(201);
    expect(location).toMatch(/^\/api\/uploads\/[0-9a-f]{32}$/);
    const head = await t.app.inject({ method: 'HEAD', url: location, headers: tusHeaders(t, owner) });
    expect(head.statusCode).toBe(200);
    expect(
      Buffer.from(/userId ([^,]+)/.exec(String(head.headers['upload-metadata']))![1]!, 'base64').toString(),
    ).toBe(owner.id);
    // The stranger the client named does not own it.
    const strangerHead = await t.app.inject({
      method: 'HEAD',
      url: location,
      headers: tusHeaders(t, stranger),
    });
    expect(strangerHead.statusCode).toBe(403);
    await t.app.inject({ method: 'DELETE', url: location, headers: tusHeaders(t, owner) });
  });
});

describe('an existing upload', () => {
  it('is refused to anyone but its owner: HEAD, PATCH and DELETE get 403 and nothing is written', async () => {
    const videoId = await createWaitingVideo(t, owner.id);
    const { location } = await createUpload(t, owner, { length: 1000, metadata: fileMetadata(videoId) });
    for (const method of ['HEAD', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: location, headers: tusHeaders(t, stranger) });
      expect(response.statusCode).toBe(403);
    }
    const patch = await patchUpload(t, stranger, location, 0, Buffer.alloc(500, 1));
    expect(patch.statusCode).toBe(403);
    expect(patch.json()).toMatchObject({ code: 'NOT_AUTHORIZED' });
    const visitor = await patchUpload(t, null, location, 0, Buffer.alloc(500, 1));
    expect(visitor.statusCode).toBe(401);

    const head = await t.app.inject({ method: 'HEAD', url: location, headers: tusHeaders(t, owner) });
    expect(head.headers['upload-offset']).toBe('0');
    const cancel = await t.app.inject({ method: 'DELETE', url: location, headers: tusHeaders(t, owner) });
    expect(cancel.statusCode).toBe(204);
    expect(await filesInUploadDirectory(t)).toEqual([]);
  });

  it('refuses a PATCH from another site carrying the session cookie (CSRF guard)', async () => {
    const videoId = await createWaitingVideo(t, owner.id);
    const { location } = await createUpload(t, owner, { length: 10, metadata: fileMetadata(videoId) });
    const response = await t.app.inject({
      method: 'PATCH',
      url: location,
      headers: {
        ...tusHeaders(t, owner, { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }),
        origin: 'https://evil.example',
      },
      payload: Buffer.alloc(10),
    });
    expect(response.statusCode).toBe(403);
    await t.app.inject({ method: 'DELETE', url: location, headers: tusHeaders(t, owner) });
  });

  it('answers 404 in our shape for an id that is no upload', async () => {
    for (const url of ['/api/uploads/0123456789abcdef0123456789abcdef', '/api/uploads/..%2Fdb']) {
      const response = await t.app.inject({ method: 'HEAD', url, headers: tusHeaders(t, owner) });
      expect(response.statusCode).toBe(404);
    }
    const patch = await patchUpload(
      t,
      owner,
      '/api/uploads/0123456789abcdef0123456789abcdef',
      0,
      Buffer.alloc(1),
    );
    expect(patch.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('finishing an upload', () => {
  it('moves the file into storage as videos/{id}.{ext}, records it on the video and removes the upload', async () => {
    const videoId = await createWaitingVideo(t, owner.id);
    const bytes = crypto.randomBytes(1024 * 1024 + 17);
    const { location } = await createUpload(t, owner, {
      length: bytes.length,
      metadata: fileMetadata(videoId),
    });
    const half = 512 * 1024;
    expect((await patchUpload(t, owner, location, 0, bytes.subarray(0, half))).statusCode).toBe(204);
    const last = await patchUpload(t, owner, location, half, bytes.subarray(half));
    expect(last.statusCode).toBe(204);
    expect(last.headers['upload-offset']).toBe(String(bytes.length));

    const video = await t.db
      .selectFrom('videos')
      .selectAll()
      .where('id', '=', videoId)
      .executeTakeFirstOrThrow();
    expect(video).toMatchObject({
      path: `videos/${videoId}.mov`,
      file_name: 'Holiday Clip.MOV',
      size_bytes: bytes.length,
      status: 'not_uploaded', // the processing job decides: not_verified, or duplicate
    });
    const stored = await t.storage.read(`videos/${videoId}.mov`);
    expect(sha256(Buffer.concat(await stored.toArray()))).toBe(sha256(bytes));
    expect(await filesInUploadDirectory(t)).toEqual([]);
    const after = await t.app.inject({ method: 'HEAD', url: location, headers: tusHeaders(t, owner) });
    expect(after.statusCode).toBe(404);
  });

  it('gives the video the first file to finish; a second upload for it gets 409 and is removed', async () => {
    const videoId = await createWaitingVideo(t, owner.id);
    const first = await createUpload(t, owner, { length: 10, metadata: fileMetadata(videoId) });
    const second = await createUpload(t, owner, {
      length: 20,
      metadata: { ...fileMetadata(videoId), filename: 'other.mp4' },
    });
    expect(second.response.statusCode).toBe(201); // both started while the video waited
    expect((await patchUpload(t, owner, first.location, 0, Buffer.alloc(10, 1))).statusCode).toBe(204);
    const late = await patchUpload(t, owner, second.location, 0, Buffer.alloc(20, 2));
    expect(late.statusCode).toBe(409);
    expect(JSON.parse(late.body)).toMatchObject({ code: 'OPERATION_NOT_ALLOWED' });

    const video = await t.db
      .selectFrom('videos')
      .selectAll()
      .where('id', '=', videoId)
      .executeTakeFirstOrThrow();
    expect(video).toMatchObject({ path: `videos/${videoId}.mov`, size_bytes: 10 });
    expect(await t.storage.exists(`videos/${videoId}.mp4`)).toBe(false);
    expect(await filesInUploadDirectory(t)).toEqual([]);
  });
});

describe('a file that is not a video', () => {
  const SVG = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>',
  );

  /** Uploads the SVG for a new video of the owner and runs the processing job on it, as main.ts would. */
  async function uploadSvgAndProcess() {
    const videoId = await createWaitingVideo(t, owner.id);
    const { location } = await createUpload(t, owner, {
      length: SVG.length,
      metadata: { videoId, filename: 'evil.svg', filetype: 'image/svg+xml' },
    });
    expect((await patchUpload(t, owner, location, 0, SVG)).statusCode).toBe(204);
    const path = `videos/${videoId}.mp4`; // never `.svg`: local disk serves a file by its extension
    const { path: stored } = await t.db
      .selectFrom('videos')
      .select('path')
      .where('id', '=', videoId)
      .executeTakeFirstOrThrow();
    expect(stored).toBe(path);
    const signed = new URL(await t.storage.signedUrl(path, { expiresInSeconds: 60 }));
    const served = await t.app.inject({ method: 'GET', url: signed.pathname + signed.search });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).not.toMatch(/svg|html/);
    expect(served.headers['x-content-type-options']).toBe('nosniff');

    const result = await processVideo(
      { videoId },
      { db: t.db, storage: t.storage, workDir: t.config.dataDir },
    );
    expect(result).toEqual({ status: 'not_uploaded', processingError: NOT_A_VIDEO });
    expect(await t.storage.exists(path)).toBe(false);
    return videoId;
  }

  it('is removed by processing, and the owner can then upload a real video', async () => {
    const videoId = await uploadSvgAndProcess();
    const video = Buffer.from('a real video this time');
    const again = await createUpload(t, owner, { length: video.length, metadata: fileMetadata(videoId) });
    expect(again.response.statusCode).toBe(201);
    expect((await patchUpload(t, owner, again.location, 0, video)).statusCode).toBe(204);
    const row = await t.db
      .selectFrom('videos')
      .select(['path', 'processing_error', 'status'])
      .where('id', '=', videoId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ path: `videos/${videoId}.mov`, processing_error: null, status: 'not_uploaded' });
  });

  it('is removed by processing, and the owner can then withdraw the video', async () => {
    const videoId = await uploadSvgAndProcess();
    const withdrawn = await t.app.inject({
      method: 'DELETE',
      url: `/api/videos/${videoId}`,
      headers: { origin: t.config.publicUrl, cookie: owner.cookie },
    });
    expect(withdrawn.statusCode).toBe(204);
    expect(await t.db.selectFrom('videos').select('id').where('id', '=', videoId).execute()).toEqual([]);
  });
});
