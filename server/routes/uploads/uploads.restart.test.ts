import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, makeVerified, signUp, type TestApp } from '../../../tests/support/test-app';
import {
  createUpload,
  createWaitingVideo,
  filesInUploadDirectory,
  patchUpload,
  restartApp,
  sha256,
  signIn,
  tusHeaders,
} from '../../../tests/support/uploads';

let t: TestApp;
let restarted: TestApp | undefined;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await restarted?.app.close();
  await t.close();
});

it('resumes an upload after a server restart from the offset it had stored', async () => {
  const email = 'restart@example.com';
  const user = await signUp(t, { email });
  await makeVerified(t, user, 'restarter');
  const videoId = await createWaitingVideo(t, user.id);
  const bytes = crypto.randomBytes(4 * 1024 * 1024 + 3);
  const half = Math.floor(bytes.length / 2);

  const { location } = await createUpload(t, user, {
    length: bytes.length,
    metadata: { videoId, filename: 'clip.mp4', filetype: 'video/mp4' },
  });
  expect((await patchUpload(t, user, location, 0, bytes.subarray(0, half))).statusCode).toBe(204);

  restarted = await restartApp(t);
  const again = await signIn(restarted, { ...user, email });
  const head = await restarted.app.inject({
    method: 'HEAD',
    url: location,
    headers: tusHeaders(restarted, again),
  });
  expect(head.statusCode).toBe(200);
  const offset = Number(head.headers['upload-offset']);
  expect(offset).toBe(half);

  const rest = await patchUpload(restarted, again, location, offset, bytes.subarray(offset));
  expect(rest.statusCode).toBe(204);
  const stored = await restarted.storage.read(`videos/${videoId}.mp4`);
  expect(sha256(Buffer.concat(await stored.toArray()))).toBe(sha256(bytes));
  expect(await filesInUploadDirectory(restarted)).toEqual([]);
});
