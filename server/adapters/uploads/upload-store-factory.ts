import fs from 'node:fs/promises';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import type { AppConfig } from '../../config';
import type { Storage } from '../storage/storage';
import { UPLOAD_EXPIRATION_MS, type UploadStore } from './upload-store';

/** Unfinished uploads as files on this machine; a finished one is moved (on one disk, renamed) into storage. */
class LocalUploadStore extends FileStore implements UploadStore {
  async moveToStorage(id: string, storage: Storage, target: string, contentType: string) {
    const upload = await this.getUpload(id);
    if (upload.storage?.type !== 'file') throw new Error(`upload ${id} has no local file`);
    await storage.moveFile(upload.storage.path, target, contentType);
    // The file is gone with the move; its `.json` is what remains. (An orphan `.json` is never listed
    // for expiry, but it is a few hundred bytes.)
    await this.configstore.delete(id).catch(() => undefined);
  }
}

/** Where unfinished uploads wait on local disk: `<DATA_DIR>/uploads`, beside the database, not in storage. */
export function uploadsDirectory(config: Pick<AppConfig, 'dataDir'>): string {
  return path.join(config.dataDir, 'uploads');
}

/**
 * The tus datastore for unfinished uploads: files under DATA_DIR with the local storage driver, a
 * multipart upload in the bucket with S3 (so any app instance can take the next chunk).
 */
export async function createUploadStore(
  config: Pick<AppConfig, 'dataDir' | 'storage'>,
  expirationMs = UPLOAD_EXPIRATION_MS,
): Promise<UploadStore> {
  if (config.storage.driver === 's3') {
    // tus's S3 store and the SDK load only with the S3 driver.
    const { s3UploadStore } = await import('./s3-upload-store');
    return s3UploadStore(config.storage.s3, expirationMs);
  }
  const directory = uploadsDirectory(config);
  // FileStore creates its directory in the background and throws where nobody can catch it: do it first.
  await fs.mkdir(directory, { recursive: true });
  return new LocalUploadStore({ directory, expirationPeriodInMilliseconds: expirationMs });
}

/**
 * Removes unfinished uploads older than the expiration, with their metadata; returns how many. Run it on a
 * schedule: tus already refuses an expired upload (410), so removing it under a running server is safe.
 */
export async function cleanUpExpiredUploads(
  config: Pick<AppConfig, 'dataDir' | 'storage'>,
  expirationMs = UPLOAD_EXPIRATION_MS,
): Promise<number> {
  const store = await createUploadStore(config, expirationMs);
  return store.deleteExpired();
}
