import type { Upload } from '@tus/server';
import type { Storage } from '../../adapters/storage/storage';
import type { UploadStore } from '../../adapters/uploads/upload-store';
import type { TvSubmissionsRepository } from '../../repositories/tv-submissions.repository';
import type { UploadsRepository } from '../../repositories/uploads.repository';
import {
  readStoredMetadata,
  type StoredUploadMetadata,
  storedContentType,
  videoStoragePath,
} from './upload-metadata';

/** The file a finished upload becomes, as its target records it. */
export interface FinishedFile {
  path: string;
  fileName: string;
  sizeBytes: number;
}

/**
 * What a finished upload belongs to: a creator's video (main uploads) or a pending TV submission. The
 * target claims the file first (only one upload may give it one), gives the claim back when storing
 * fails, and hears when the file is safe.
 */
export interface UploadTarget {
  claim(metadata: StoredUploadMetadata, file: FinishedFile): Promise<boolean>;
  release(videoId: string, path: string): Promise<void>;
  stored?(videoId: string): Promise<void>;
}

/** A creator's video: the row learns its file, and processing is queued once the file is in storage. */
export function videoUploadTarget(
  uploads: UploadsRepository,
  enqueueProcessing?: (videoId: string) => Promise<void>,
): UploadTarget {
  return {
    claim: (metadata, file) =>
      uploads.claimFile({ videoId: metadata.videoId, userId: metadata.userId, ...file }),
    release: (videoId, path) => uploads.releaseFile(videoId, path),
    stored: enqueueProcessing,
  };
}

/** A TV submission: it learns it has its file; the video row comes when the form is sent (createFreeVideo). */
export function tvSubmissionUploadTarget(pending: TvSubmissionsRepository): UploadTarget {
  return {
    claim: (metadata, file) => pending.claimVideo(metadata.videoId, file),
    release: (videoId, path) => pending.releaseVideo(videoId, path),
  };
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
 * The last byte arrived: the file becomes the original (`videos/{id}.{ext}` in storage), the target
 * learns its path, name and size, the upload's own files go, and the target hears the file is safe.
 * The one way every upload ends, for the main and the TV upload routes alike.
 */
export function uploadFinishService(deps: {
  storage: Storage;
  datastore: UploadStore;
  target: UploadTarget;
}) {
  return {
    async finish(upload: Upload): Promise<void> {
      const metadata = readStoredMetadata(upload.metadata);
      // Every creation passes through our checks, which store the owner: without one, something is broken.
      if (!metadata || upload.size === undefined) throw new Error(`upload ${upload.id} has no owner or size`);
      const path = videoStoragePath(metadata.videoId, metadata.filename);
      const claimed = await deps.target.claim(metadata, {
        path,
        fileName: metadata.filename,
        sizeBytes: upload.size,
      });
      if (!claimed) {
        // Another upload gave it its file first (or it went): this copy is not needed.
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
        await deps.target.release(metadata.videoId, path);
        throw error;
      }
      await deps.target.stored?.(metadata.videoId);
    },
  };
}
export type UploadFinishService = ReturnType<typeof uploadFinishService>;
