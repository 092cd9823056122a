import { S3Store } from '@tus/s3-store';
import type { AppConfig } from '../../config';
import type { Storage } from '../storage/storage';
import type { UploadStore } from './upload-store';

/** tus's S3 store, able to hand a finished upload to storage and to remove it afterwards. */
class S3UploadStore extends S3Store implements UploadStore {
  async moveToStorage(id: string, storage: Storage, target: string, contentType: string) {
    // Out of the bucket and back in through this server: the Storage interface has no server-side copy.
    await storage.put(target, await this.read(id), contentType);
    await this.remove(id).catch(() => undefined);
  }

  /**
   * S3Store.remove falls short twice: for a finished upload it aborts a multipart upload S3 no longer knows
   * (NoSuchUpload) and gives up before deleting anything; for any upload it leaves the incomplete tail part
   * (`{id}.part`) behind. Deleting keys that do not exist is no error in S3.
   */
  override async remove(id: string): Promise<void> {
    const upload = await this.getUpload(id);
    const finished = upload.size !== undefined && upload.offset === upload.size;
    if (!finished) await super.remove(id);
    await this.client.deleteObjects({
      Bucket: this.bucket,
      Delete: { Objects: [{ Key: id }, { Key: this.infoKey(id) }, { Key: this.partKey(id, true) }] },
    });
    await this.clearCache(id);
  }
}

/**
 * Unfinished uploads as multipart uploads in the storage bucket, keyed by the upload id at the bucket's
 * root (`{id}`, `{id}.info`, `{id}.part`). Expiry is ours (cleanUpExpiredUploads), not a bucket lifecycle
 * rule, so no object tags: not every S3-compatible server supports them.
 */
export function s3UploadStore(s3: AppConfig['storage']['s3'], expirationMs: number): UploadStore {
  if (!s3.bucket) throw new Error('S3_BUCKET is required for uploads with STORAGE_DRIVER=s3');
  return new S3UploadStore({
    expirationPeriodInMilliseconds: expirationMs,
    useTags: false,
    s3ClientConfig: {
      bucket: s3.bucket,
      region: s3.region,
      // MinIO and other self-hosted servers address buckets by path, not by subdomain.
      ...(s3.endpoint && { endpoint: s3.endpoint, forcePathStyle: true }),
      // As in the storage driver (s3-storage.ts): no aws-chunked bodies with trailing checksums, which
      // S3-compatible servers that do not know the encoding keep as the upload's bytes (framing and all).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(s3.accessKeyId &&
        s3.secretAccessKey && {
          credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
        }),
    },
  });
}
