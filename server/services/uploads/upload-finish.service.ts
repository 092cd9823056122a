import type { Upload } from '@tus/server';
import type { Storage } from '../../adapters/storage/storage';
import type { UploadStore } from '../../adapters/uploads/upload-store';
import { type Executor, inTransaction } from '../../repositories/executor';
import type { TvSubmissionsRepository } from '../../repositories/tv-submissions.repository';
import { uploadsRepository } from '../../repositories/uploads.repository';
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
 * target claims the file first (only one upload may give it one) and gives the claim back when storing
 * fails.
 */
export interface UploadTarget {
  claim(metadata: StoredUploadMetadata, file: FinishedFile, uploadId: string): Promise<boolean>;
  release(videoId: string, path: string): Promise<void>;
}

/** What a video's processing job needs: the video, and the upload its file may still sit in. */
export interface VideoProcessingRequest {
  videoId: string;
  /** The finished upload, while its file may not have reached storage (a crash during the move). */
  uploadId?: string;
}
/** Queues a video's processing inside the caller's transaction: the job exists exactly when the change does. */
export type QueueVideoProcessing = (trx: Executor, job: VideoProcessingRequest) => Promise<void>;

/**
 * A creator's video: the row learns its file and the processing job is queued in one transaction, so
 * a crash at any moment after it (even before the file is moved into storage: the job moves it then)
 * loses nothing, and a crash before it leaves the upload to be finished again.
 */
export function videoUploadTarget(db: Executor, queueProcessing?: QueueVideoProcessing): UploadTarget {
  return {
    claim: (metadata, file, uploadId) =>
      inTransaction(db, async (trx) => {
        const claimed = await uploadsRepository(trx).claimFile({
          videoId: metadata.videoId,
          userId: metadata.userId,
          ...file,
        });
        if (claimed) await queueProcessing?.(trx, { videoId: metadata.videoId, uploadId });
        return claimed;
      }),
    release: (videoId, path) => uploadsRepository(db).releaseFile(videoId, path),
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
 * The last byte arrived: the target learns the file's path, name and size (and queues what follows),
 * then the file becomes the original (`videos/{id}.{ext}` in storage) and the upload's own files go.
 * The one way every upload ends, for the main and the TV upload routes alike.
 */
export function uploadFinishService(deps: {
  storage: Storage;
  datastore: UploadStore;
  target: UploadTarget;
  /** The crash tests' failpoint right after the claim committed (server/failpoints.ts). */
  afterClaim?: () => void;
}) {
  return {
    async finish(upload: Upload): Promise<void> {
      const metadata = readStoredMetadata(upload.metadata);
      // Every creation passes through our checks, which store the owner: without one, something is broken.
      if (!metadata || upload.size === undefined) throw new Error(`upload ${upload.id} has no owner or size`);
      const path = videoStoragePath(metadata.videoId, metadata.filename);
      const claimed = await deps.target.claim(
        metadata,
        {
          path,
          fileName: metadata.filename,
          sizeBytes: upload.size,
        },
        upload.id,
      );
      if (!claimed) {
        // Another upload gave it its file first (or it went): this copy is not needed.
        await deps.datastore.remove(upload.id).catch(() => undefined);
        throw alreadyUploaded;
      }
      deps.afterClaim?.();
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
    },
  };
}
export type UploadFinishService = ReturnType<typeof uploadFinishService>;

/** Thrown by the processing job while a finished upload's file may still be on its way into storage. */
export class FileNotStoredYet extends Error {
  constructor(videoId: string) {
    super(`the file of video ${videoId} is not in storage yet`);
  }
}

/**
 * Makes sure a claimed video's file is in storage before it is processed. The instance that finished
 * the upload moves it; when that instance died first (the claim and the job were committed together),
 * the job's retry moves it from the upload store. The first try only waits (throws FileNotStoredYet):
 * the finishing instance may be copying it right now. 'lost' when it is in neither place (the upload
 * expired): the claim is given back, so the video waits for a file again.
 */
export async function ensureStored(
  deps: { storage: Storage; datastore: UploadStore; db: Executor },
  video: { id: string; path: string },
  uploadId: string | undefined,
  firstTry: boolean,
): Promise<'stored' | 'lost'> {
  if (await deps.storage.exists(video.path)) return 'stored';
  if (firstTry) throw new FileNotStoredYet(video.id);
  const upload = uploadId ? await deps.datastore.getUpload(uploadId).catch(() => null) : null;
  if (!upload) {
    await uploadsRepository(deps.db).releaseFile(video.id, video.path);
    return 'lost';
  }
  const metadata = readStoredMetadata(upload.metadata);
  await deps.datastore.moveToStorage(
    upload.id,
    deps.storage,
    video.path,
    storedContentType(metadata?.filetype),
  );
  return 'stored';
}
