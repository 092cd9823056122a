import type { AppConfig } from '../../config';
import { localStorage } from './local-storage';
import type { Storage } from './storage';

/**
 * The storage driver STORAGE_DRIVER names; `secret` (the app secret) keys local disk's signed URLs. The S3
 * driver and its SDK load only when named: a start on local disk does not spend time importing them.
 */
export async function createStorage(
  config: Pick<AppConfig, 'storage' | 'publicUrl'>,
  options: { secret: string },
): Promise<Storage> {
  const { storage } = config;
  if (storage.driver === 's3') {
    if (!storage.s3.bucket) throw new Error('STORAGE_DRIVER=s3 needs S3_BUCKET'); // config checks it first
    const { s3Storage } = await import('./s3-storage');
    return s3Storage({ ...storage.s3, bucket: storage.s3.bucket });
  }
  return localStorage(storage.localDir, { secret: options.secret, baseUrl: config.publicUrl });
}
