import { type DataStore, Metadata } from '@tus/server';
import { AppError, notAuthorized, notFound } from '../../errors';
import type { UploadsRepository } from '../../repositories/uploads.repository';
import {
  readStoredMetadata,
  type StoredUploadMetadata,
  type UploadCreationMetadata,
  uploadCreationMetadata,
} from './upload-metadata';

/** The tus headers of a creation request that decide whether it may go ahead. */
export interface CreationHeaders {
  uploadLength: string | undefined;
  metadata: string | undefined;
  /** True when the request carries file data (tus creation-with-upload). */
  carriesData: boolean;
}

/** A refused header or body, pointing at the field; each upload route words its own message. */
export type Refusal = (field: string) => AppError;

const invalid: Refusal = (field) =>
  new AppError('VALIDATION_FAILED', 400, undefined, [{ field, message: 'errors.VALIDATION_FAILED' }]);

/**
 * The size and body of a creation request, for the main and the TV uploads alike. Data in the creation
 * request could finish the upload inside it, where tus reads the upload back after our finish hook removed
 * it: clients send the data in a PATCH by default. `lengthRequired`: the TV page always knows the size.
 */
export function checkCreationBody(
  headers: Pick<CreationHeaders, 'uploadLength' | 'carriesData'>,
  options: { maxBytes: number; refuse: Refusal; lengthRequired: boolean },
): void {
  if (headers.carriesData) throw options.refuse('body');
  if (headers.uploadLength === undefined) {
    if (options.lengthRequired) throw options.refuse('Upload-Length');
    return;
  }
  const length = Number(headers.uploadLength);
  if (length > options.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', 413, { max: options.maxBytes });
  if (!Number.isInteger(length) || length <= 0) throw options.refuse('Upload-Length');
}

/** An unfinished upload; tus's own "not found" (404) and "expired" (410) keep their status in our shape. */
export async function findUpload(datastore: DataStore, uploadId: string) {
  return datastore.getUpload(uploadId).catch((error: unknown) => {
    const status = (error as { status_code?: number }).status_code;
    if (status === 404 || status === 410) throw new AppError('NOT_FOUND', status);
    throw error; // anything else is ours to log
  });
}

/** The client's Upload-Metadata (the video it is for, the file's name and type), checked. */
export function parseCreationMetadata(header: string | undefined, refuse: Refusal): UploadCreationMetadata {
  let sent: Record<string, string | null>;
  try {
    sent = Metadata.parse(header);
  } catch {
    throw refuse('Upload-Metadata');
  }
  const parsed = uploadCreationMetadata.safeParse(sent);
  if (!parsed.success) throw refuse(`Upload-Metadata.${String(parsed.error.issues[0]?.path[0])}`);
  return parsed.data;
}

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
      checkCreationBody(headers, { maxBytes: deps.maxBytes, refuse: invalid, lengthRequired: false });
      const metadata = parseCreationMetadata(headers.metadata, invalid);
      const video = await deps.uploads.findTarget(metadata.videoId);
      if (!video) throw notFound();
      if (video.user_id !== userId) throw notAuthorized();
      if (video.status !== 'not_uploaded' || video.path !== null) {
        throw new AppError('OPERATION_NOT_ALLOWED', 409, { reason: 'alreadyUploaded' });
      }
      return { ...metadata, userId };
    },

    /** An existing upload (HEAD, PATCH, DELETE): only its owner may see, continue or cancel it. */
    async authorizeAccess(userId: string, uploadId: string): Promise<void> {
      const upload = await findUpload(deps.datastore, uploadId);
      if (readStoredMetadata(upload.metadata)?.userId !== userId) throw notAuthorized();
    },
  };
}
export type UploadAccessService = ReturnType<typeof uploadAccessService>;
