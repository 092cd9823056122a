import type { Upload } from '@tus/server';
import type { Storage } from '../../adapters/storage/storage';
import type { UploadsRepository } from '../../repositories/uploads.repository';
import { readStoredMetadata, storedContentType, videoStoragePath } from './upload-metadata';
import type { UploadStore } from './upload-store';

export interface UploadFinishDeps {
  uploads: UploadsRepository;
  storage: Storage;
  datastore: UploadStore;
  /** Queues the video's processing (probe, hash, thumbnail); absent until the queue is wired in. */
  enqueueProcessing?: (videoId: string) => Promise<void>;
}

/** Thrown inside tus's hooks, tus answers with this status and body: our error shape, as JSON. */
const alreadyUploaded = {
  status_code: 409,
  body: JSON.stringify({
    code: 'OPERATION_NOT_ALLOWED',
    message: 'This video already has its file.',
    params: { reason: 'alreadyUploaded' },
  }),
};

/**
 * The last byte arrived: the file becomes the video's original (`videos/{id}.{ext}` in storage), the
 * row learns its path, name and size, the upload's own files go, and processing is queued.
 */
export function uploadFinishService(deps: UploadFinishDeps) {
  return {
    async finish(upload: Upload): Promise<void> {
      const metadata = readStoredMetadata(upload.metadata);
      // Every creation passes through our checks, which store the owner: without one, something is broken.
      if (!metadata || upload.size === undefined) throw new Error(`upload ${upload.id} has no owner or size`);
      const path = videoStoragePath(metadata.videoId, metadata.filename);
      const claimed = await deps.uploads.claimFile({
        videoId: metadata.videoId,
        userId: metadata.userId,
        path,
        fileName: metadata.filename,
        sizeBytes: upload.size,
      });
      if (!claimed) {
        // Another upload gave this video its file first (or the video went): this copy is not needed.
        await deps.datastore.remove(upload.id).catch(() => undefined);
        throw alreadyUploaded;
      }
      try {
        await deps.datastore.moveToStorage(
          upload.id,
          deps.storage,
          path,
          storedContentType(metadata.filetype),
        );
      } catch (error) {
        await deps.uploads.releaseFile(metadata.videoId, path);
        throw error;
      }
      await deps.enqueueProcessing?.(metadata.videoId);
    },
  };
}
export type UploadFinishService = ReturnType<typeof uploadFinishService>;
