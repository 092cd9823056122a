import crypto from 'node:crypto';
import sharp from 'sharp';
import { LICENSE_AGREEMENT_VERSION, type VideoSubmission } from '../../../common/contracts/video-submission';
import { parseKeywords } from '../../../common/keywords';
import type { Storage } from '../../adapters/storage/storage';
import { AppError } from '../../errors';
import { type Executor, inTransaction } from '../../repositories/executor';
import { videoSubmissionsRepository } from '../../repositories/video-submissions.repository';
import { syncKeywordSummary } from './keyword-summary-sync';

/** The drawn signature, checked to be a PNG by its content and re-encoded (nothing else survives). */
export async function signaturePng(
  dataUrl: string,
  message = 'upload.errors.signatureRequired',
): Promise<Buffer> {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  const metadata = await sharp(bytes)
    .metadata()
    .catch(() => null);
  if (metadata?.format !== 'png') {
    throw new AppError('VALIDATION_FAILED', 400, undefined, [{ field: 'signature', message }]);
  }
  return sharp(bytes).png().toBuffer();
}

/** The location as the jsonb column keeps it (JSON text, the same on PGlite and PostgreSQL); none when empty. */
function storedLocation(location: VideoSubmission['location']): string | null {
  if (!location || (location.address === '' && !location.coordinates)) return null;
  return JSON.stringify(location);
}

/**
 * A creator's submission (SPEC 3, 4.6): the video row (status not_uploaded until the file arrives
 * through the resumable upload), the owner's details, the signature at `signatures/{videoId}.png`
 * and the agreement version accepted. The keyword summary follows in the same transaction (it counts
 * only publicly listed videos, so a new submission adds nothing).
 */
export function videoSubmissionService(deps: {
  db: Executor;
  storage: Storage;
  /** The largest file an upload may bring: a submission announcing a bigger one is refused at once. */
  maxBytes: number;
}) {
  return {
    async create(userId: string, input: VideoSubmission): Promise<{ id: string }> {
      if (input.fileSize > deps.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', 413);
      const id = crypto.randomUUID();
      const signaturePath = `signatures/${id}.png`;
      await deps.storage.put(signaturePath, await signaturePng(input.signature), 'image/png');
      const keywords = parseKeywords(input.keywords);
      try {
        await inTransaction(deps.db, async (trx) => {
          await videoSubmissionsRepository(trx).insert({
            id,
            user_id: userId,
            title: input.title,
            description: input.description,
            keywords,
            file_name: input.fileName,
            external_url: input.externalUrl || null,
            owner_name: input.ownerName,
            owner_email: input.ownerEmail,
            owner_phone: input.ownerPhone,
            owner_country: input.ownerCountry,
            owner_instagram: input.ownerInstagram || null,
            owner_dob: input.ownerDob,
            date: input.date || null,
            time: input.time || null,
            location: storedLocation(input.location),
            signature_path: signaturePath,
            agreement_version: LICENSE_AGREEMENT_VERSION,
            status: 'not_uploaded',
          });
          // A new video waits for its file (not publicly listed): the summary counts it once approved.
          await syncKeywordSummary(trx, null, { keywords, status: 'not_uploaded', privacy: 'public' });
        });
      } catch (error) {
        // No video, no signature: a failed submission leaves nothing behind.
        await deps.storage.delete(signaturePath).catch(() => undefined);
        throw error;
      }
      return { id };
    },

    /**
     * Withdraws a submission whose file never arrived (the creator cancelled the upload). A video with
     * its file is not withdrawn this way. Another user's video is "not found".
     */
    async withdraw(userId: string, videoId: string): Promise<void> {
      const removed = await inTransaction(deps.db, async (trx) => {
        const submissions = videoSubmissionsRepository(trx);
        const video = await submissions.lockOwn(videoId, userId);
        if (!video) throw new AppError('NOT_FOUND', 404);
        if (video.path !== null || video.status !== 'not_uploaded') {
          throw new AppError('OPERATION_NOT_ALLOWED', 409, { reason: 'alreadyUploaded' });
        }
        await submissions.remove(videoId);
        await syncKeywordSummary(trx, video, null);
        return video;
      });
      if (removed.signature_path) await deps.storage.delete(removed.signature_path).catch(() => undefined);
    },
  };
}
export type VideoSubmissionService = ReturnType<typeof videoSubmissionService>;
