import { type DataStore, Metadata } from '@tus/server';
import { AppError, notAuthorized, notFound } from '../../errors';
import type { UploadsRepository } from '../../repositories/uploads.repository';
import { readStoredMetadata, type StoredUploadMetadata, uploadCreationMetadata } from './upload-metadata';

/** The tus headers of a creation request that decide whether it may go ahead. */
export interface CreationHeaders {
  uploadLength: string | undefined;
  metadata: string | undefined;
  /** True when the request carries file data (tus creation-with-upload). */
  carriesData: boolean;
}

const invalid = (field: string) =>
  new AppError('VALIDATION_FAILED', 400, undefined, [{ field, message: 'errors.VALIDATION_FAILED' }]);

/**
 * Who may create and continue which upload, decided before tus sees the request, so that every refusal
 * has our error shape and nothing is written for a refused caller.
 */
export function uploadAccessService(deps: {
  uploads: UploadsRepository;
  datastore: DataStore;
  maxBytes: number;
}) {
  return {
    /**
     * A new upload: for one of the caller's own videos that still waits for its file, no larger than the
     * limit. Returns the metadata to store, with the owner set here (a client's `userId` is overwritten).
     */
    async authorizeCreation(userId: string, headers: CreationHeaders): Promise<StoredUploadMetadata> {
      // Data in the creation request could finish the upload inside it, where tus reads the upload back
      // after our finish hook removed it. Clients send the data in a PATCH by default.
      if (headers.carriesData) throw invalid('body');
      const length = headers.uploadLength === undefined ? undefined : Number(headers.uploadLength);
      if (length !== undefined && length > deps.maxBytes) {
        throw new AppError('PAYLOAD_TOO_LARGE', 413, { max: deps.maxBytes });
      }
      if (length === 0) throw invalid('Upload-Length');
      let sent: Record<string, string | null>;
      try {
        sent = Metadata.parse(headers.metadata);
      } catch {
        throw invalid('Upload-Metadata');
      }
      const parsed = uploadCreationMetadata.safeParse(sent);
      if (!parsed.success) throw invalid(`Upload-Metadata.${String(parsed.error.issues[0]?.path[0])}`);
      const video = await deps.uploads.findTarget(parsed.data.videoId);
      if (!video) throw notFound();
      if (video.user_id !== userId) throw notAuthorized();
      if (video.status !== 'not_uploaded' || video.path !== null) {
        throw new AppError('OPERATION_NOT_ALLOWED', 409, { reason: 'alreadyUploaded' });
      }
      return { ...parsed.data, userId };
    },

    /** An existing upload (HEAD, PATCH, DELETE): only its owner may see, continue or cancel it. */
    async authorizeAccess(userId: string, uploadId: string): Promise<void> {
      const upload = await deps.datastore.getUpload(uploadId).catch((error: unknown) => {
        // tus's own "not found" (404) and "expired" (410) keep their status; anything else is ours to log.
        const status = (error as { status_code?: number }).status_code;
        if (status === 404 || status === 410) throw new AppError('NOT_FOUND', status);
        throw error;
      });
      if (readStoredMetadata(upload.metadata)?.userId !== userId) throw notAuthorized();
    },
  };
}
export type UploadAccessService = ReturnType<typeof uploadAccessService>;
