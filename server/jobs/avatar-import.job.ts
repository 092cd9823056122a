import sharp from 'sharp';
import { AVATAR_SIZE } from '../../common/constants';
import type { Storage } from '../adapters/storage/storage';
import type { Executor } from '../repositories/executor';
import { usersRepository } from '../repositories/users.repository';

export const AVATAR_IMPORT_QUEUE = 'avatar-import';
export interface AvatarImportJob {
  userId: string;
  url: string;
}

const MAX_BYTES = 5 * 1024 * 1024;
const TIMEOUT_MS = 10_000;

/** Reads at most MAX_BYTES of a response body, or fails. */
async function readLimited(response: Response): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_BYTES) throw new Error(`avatar too large (${declared} bytes)`);
  const reader = response.body?.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const next = await reader?.read();
    if (!next || next.done) break;
    total += next.value.length;
    if (total > MAX_BYTES) throw new Error('avatar too large');
    chunks.push(next.value);
  }
  return Buffer.concat(chunks);
}

/**
 * Copies a social login's picture into our storage as the user's avatar (SPEC 7: avatars/{uid}.jpg,
 * 500x500), unless the user has one of their own by then. Runs as a job: a slow or broken picture host
 * never holds up a sign-in. A picture that is not an image fails the job, and the avatar stays empty.
 */
export async function importAvatar(
  job: AvatarImportJob,
  deps: { db: Executor; storage: Storage },
): Promise<boolean> {
  const path = `avatars/${job.userId}.jpg`;
  const ownUrl = deps.storage.publicUrl(path);
  const users = usersRepository(deps.db);
  const user = await users.findImage(job.userId);
  // Nothing to do when the user is gone or shows another picture than the provider's (their own, say).
  if (!user || user.image !== job.url) return false;

  const response = await fetch(job.url, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'follow' });
  if (!response.ok) throw new Error(`avatar download failed: HTTP ${response.status}`);
  const original = await readLimited(response);
  const jpeg = await sharp(original, { limitInputPixels: 50_000_000 })
    .rotate()
    .resize(AVATAR_SIZE.width, AVATAR_SIZE.height, { fit: 'cover' })
    .jpeg({ quality: 85 })
    .toBuffer(); // throws on anything that is not an image
  await deps.storage.put(path, jpeg, 'image/jpeg');
  // Only replace the picture the provider gave: a user who set their own meanwhile keeps it.
  return users.replaceImage(job.userId, job.url, ownUrl, new Date());
}
