import type { DataStore } from '@tus/server';
import { AppError, notFound } from '../../errors';
import {
  type CreationHeaders,
  checkCreationBody,
  findUpload,
  parseCreationMetadata,
  type Refusal,
} from '../uploads/upload-access.service';
import { readStoredMetadata, type StoredUploadMetadata } from '../uploads/upload-metadata';
import { TV_OWNER_ID, type TvSubmissionService } from './tv-submission.service';

const invalid: Refusal = (field) =>
  new AppError('VALIDATION_FAILED', 400, undefined, [{ field, message: 'tv.form.errors.global' }]);

/**
 * The TV page's resumable upload of the video file (tus, the same store and checks as /api/uploads).
 * An upload is bound to a pending TV submission by its token, not to a user: its stored metadata names
 * the submission (as `videoId`) and the TV owner account.
 */
export function tvUploadAccessService(deps: {
  submissions: TvSubmissionService;
  datastore: DataStore;
  maxBytes: number;
}) {
  const { submissions } = deps;
  return {
    /** The submission's one upload, of a known size within the limit; answers the metadata to store. */
    async authorizeCreation(
      token: string | undefined,
      headers: CreationHeaders,
    ): Promise<StoredUploadMetadata> {
      const metadata = parseCreationMetadata(headers.metadata, invalid);
      const submission = await submissions.authorize(token, metadata.videoId);
      return submissions.allOrNothing(submission.id, async () => {
        if (submission.video_path)
          throw new AppError('OPERATION_NOT_ALLOWED', 409, { reason: 'alreadyUploaded' });
        checkCreationBody(headers, { maxBytes: deps.maxBytes, refuse: invalid, lengthRequired: true });
        return { ...metadata, userId: TV_OWNER_ID };
      });
    },

    /**
     * Only TV uploads, and only with the token of the submission the upload was created for. An upload
     * that `continues` (PATCH) is remembered, so discarding the submission cancels it too.
     */
    async authorizeAccess(token: string | undefined, uploadId: string, continues: boolean): Promise<void> {
      const upload = await findUpload(deps.datastore, uploadId);
      const metadata = readStoredMetadata(upload.metadata);
      if (!metadata || metadata.userId !== TV_OWNER_ID) throw notFound();
      const submission = await submissions.authorize(token, metadata.videoId);
      if (continues) await submissions.recordUpload(submission, uploadId);
    },
  };
}
