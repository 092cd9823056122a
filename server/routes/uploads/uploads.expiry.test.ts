import fs from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { setUpTestApp } from '../../../tests/support/set-up-test-app';
import { makeVerified, signUp } from '../../../tests/support/test-app';
import {
  type Caller,
  createUpload,
  createWaitingVideo,
  filesInUploadDirectory,
  patchUpload,
  tusHeaders,
} from '../../../tests/support/uploads';
import { UPLOAD_EXPIRATION_MS } from '../../adapters/uploads/upload-store';
import { cleanUpExpiredUploads, uploadsDirectory } from '../../adapters/uploads/upload-store-factory';

let user: Caller;

const t = setUpTestApp();
beforeAll(async () => {
  user = await signUp(t, { email: 'slow@example.com' });
  await makeVerified(t, user, 'slowpoke');
});

/** Starts an upload of 100 bytes and sends the first 10. */
async function startUpload() {
  const videoId = await createWaitingVideo(t, user.id);
  const { location } = await createUpload(t, user, { length: 100, metadata: { videoId, filename: 'a.mp4' } });
  await patchUpload(t, user, location, 0, Buffer.alloc(10));
  return { location, id: location.split('/').pop()! };
}

/** Moves an upload's creation back in time, as if it had been started that long ago. */
async function age(id: string, ms: number) {
  const infoPath = path.join(uploadsDirectory(t.config), `${id}.json`);
  const info = JSON.parse(await fs.readFile(infoPath, 'utf8'));
  info.creation_date = new Date(Date.now() - ms).toISOString();
  await fs.writeFile(infoPath, JSON.stringify(info));
}

it('refuses to continue an upload past its expiration (410) and the cleanup removes it', async () => {
  const fresh = await startUpload();
  const abandoned = await startUpload();
  await age(abandoned.id, UPLOAD_EXPIRATION_MS + 60_000);

  const head = await t.app.inject({ method: 'HEAD', url: abandoned.location, headers: tusHeaders(t, user) });
  expect(head.statusCode).toBe(410);
  expect((await patchUpload(t, user, abandoned.location, 10, Buffer.alloc(10))).statusCode).toBe(410);

  expect(await cleanUpExpiredUploads(t.config)).toBe(1);
  expect((await filesInUploadDirectory(t)).sort()).toEqual([fresh.id, `${fresh.id}.json`].sort());
  const gone = await t.app.inject({ method: 'HEAD', url: abandoned.location, headers: tusHeaders(t, user) });
  expect(gone.statusCode).toBe(404);
  const kept = await t.app.inject({ method: 'HEAD', url: fresh.location, headers: tusHeaders(t, user) });
  expect(kept.headers['upload-offset']).toBe('10');
});

it('takes the expiration as a parameter, so a schedule can use a shorter one', async () => {
  await startUpload();
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(await cleanUpExpiredUploads(t.config, 10)).toBeGreaterThanOrEqual(1);
  expect(await filesInUploadDirectory(t)).toEqual([]);
});
