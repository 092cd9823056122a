import crypto from 'node:crypto';
import sharp from 'sharp';
import { THUMBNAIL } from '../../../common/constants';
import type {
  TvConfig,
  TvFreeVideo,
  TvSignature,
  TvSubmissionOpened,
  TvThumbnail,
} from '../../../common/contracts/tv';
import { LICENSE_AGREEMENT_VERSION } from '../../../common/contracts/video-submission';
import { parseKeywords } from '../../../common/keywords';
import type { Captcha } from '../../adapters/captcha/captcha';
import { storeThumbnail, thumbnailFiles } from '../../adapters/media/thumbnail-variants';
import { readBytes, type Storage } from '../../adapters/storage/storage';
import { UPLOAD_EXPIRATION_MS } from '../../adapters/uploads/upload-store';
import { TV_OWNER_ID } from '../../db/migrations/0008-tv';
import { AppError, notFound } from '../../errors';
import { type Executor, inTransaction } from '../../repositories/executor';
import { tvSubmissionsRepository } from '../../repositories/tv-submissions.repository';
import { videoSubmissionsRepository } from '../../repositories/video-submissions.repository';
import type { QueueVideoProcessing } from '../uploads/upload-finish.service';
import { syncKeywordSummary } from '../videos/keyword-summary-sync';
import { signaturePng } from '../videos/video-submission.service';

export { TV_OWNER_ID };

/** A pending submission as a caller who proved its token holds it. */
export type TvSubmission = NonNullable<
  Awaited<ReturnType<ReturnType<typeof tvSubmissionsRepository>['find']>>
>;

export interface TvSubmissionDeps {
  db: Executor;
  /** The TV page's configured links, and the largest video file accepted. */
  links: { advertisingUrl: string | undefined; channelUrl: string | undefined };
  maxBytes: number;
  storage: Storage;
  captcha: Captcha;
  now: () => Date;
  /** Removes an unfinished resumable upload (its bytes wait outside storage). */
  removeUpload: (uploadId: string) => Promise<void>;
  /** Queues processing in the transaction that creates the video row: both exist, or neither. */
  queueProcessing?: QueueVideoProcessing;
}

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
const bytesOf = (dataUrl: string) => Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
const fieldError = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', 400, undefined, [{ field, message }]);

/** Where the browser's thumbnail waits: a private prefix, so nothing is public before the video exists. */
const pendingThumbnailPath = (id: string) => `tv_pending/${id}.jpg`;
export const tvThumbnailPath = (id: string) => `video_thumbnails/${id}.jpg`;

/** A JPEG of the TV page's thumbnail size from the browser's bytes, refused unless they are a JPEG. */
async function thumbnailJpeg(bytes: Buffer): Promise<Buffer> {
  const metadata = await sharp(bytes)
    .metadata()
    .catch(() => null);
  if (metadata?.format !== 'jpeg' || !metadata.width || metadata.width > 4 * THUMBNAIL.width) {
    throw fieldError('thumbnail', 'tv.form.errors.global');
  }
  return sharp(bytes)
    .resize(THUMBNAIL.width, THUMBNAIL.height, { fit: 'contain', background: '#000000' })
    .flatten({ background: '#000000' })
    .jpeg({ quality: Math.round(THUMBNAIL.jpegQuality * 100) })
    .toBuffer();
}

/**
 * The TV page's all-or-nothing submission (SPEC 7 "TV submit uploads four items together"). A pending
 * submission (captcha solved) collects the video file (resumable upload), the browser's thumbnail and
 * the signature; the create call turns it into a video owned by the TV owner account in one transaction.
 * Any refused part discards the whole submission with its files: a video exists only with all four.
 */
export function tvSubmissionService(deps: TvSubmissionDeps) {
  const pending = tvSubmissionsRepository(deps.db);

  async function discard(id: string): Promise<void> {
    const row = await pending.remove(id);
    if (!row) return;
    const files = [
      row.video_path,
      row.thumbnail_path,
      row.signature_path,
      ...thumbnailFiles(tvThumbnailPath(id)),
    ];
    await Promise.all(files.map((path) => (path ? deps.storage.delete(path).catch(() => undefined) : null)));
    if (row.upload_id && !row.video_path) await deps.removeUpload(row.upload_id).catch(() => undefined);
  }

  /** Runs a step of a submission; when it fails, nothing of the submission is left. */
  async function allOrNothing<T>(id: string, step: () => Promise<T>): Promise<T> {
    try {
      return await step();
    } catch (error) {
      await discard(id);
      throw error;
    }
  }

  /**
   * The submission this token opened, still within its time. A wrong token, another submission's
   * token or an expired one all read as "not found": nothing tells a guesser what exists.
   */
  async function authorize(token: string | undefined, id: string): Promise<TvSubmission> {
    const row = await pending.find(id);
    if (!row || !token) throw notFound();
    const given = Buffer.from(hashToken(token));
    if (!crypto.timingSafeEqual(given, Buffer.from(row.token_hash))) throw notFound();
    if (row.created_at.getTime() + UPLOAD_EXPIRATION_MS < deps.now().getTime()) throw notFound();
    return row;
  }

  /**
   * The token holder's submission for one of its parts. A body that failed its contract (`refusal`) is
   * refused after the token is checked, and discards the submission like any other failure (the page
   * checks the same contract first, so only a broken or forged client gets there).
   */
  async function partOf(token: string | undefined, id: string, refusal?: Error): Promise<TvSubmission> {
    const submission = await authorize(token, id);
    if (refusal) {
      await discard(submission.id);
      throw refusal;
    }
    return submission;
  }

  /** Stores one file of a submission (made by `file`) and notes it on the pending row; a failure discards all. */
  async function putPart(
    token: string | undefined,
    id: string,
    refusal: Error | undefined,
    column: 'thumbnail_path' | 'signature_path',
    file: (submissionId: string) => Promise<{ path: string; bytes: Buffer; type: string }>,
  ): Promise<void> {
    const submission = await partOf(token, id, refusal);
    await allOrNothing(submission.id, async () => {
      const { path, bytes, type } = await file(submission.id);
      await deps.storage.put(path, bytes, type);
      await pending.setPart(submission.id, column, path);
    });
  }

  return {
    allOrNothing,
    authorize,

    /** The TV page's links (advertising corner, every-day channel) and its file size limit. */
    config(): TvConfig {
      return {
        advertisingUrl: deps.links.advertisingUrl ?? null,
        channelUrl: deps.links.channelUrl ?? null,
        maxBytes: deps.maxBytes,
      };
    },

    /** A new pending submission, after the captcha; the token is returned once and kept only hashed. */
    async open(captchaPayload: string, ip: string): Promise<TvSubmissionOpened> {
      const verdict = await deps.captcha.verify(captchaPayload);
      if (verdict === 'expired') throw new AppError('CAPTCHA_EXPIRED', 400);
      if (verdict !== 'ok') throw new AppError('CAPTCHA_FAILED', 400);
      const id = crypto.randomUUID();
      const token = crypto.randomBytes(32).toString('base64url');
      await pending.insert({ id, tokenHash: hashToken(token), ip });
      return { id, token, maxBytes: deps.maxBytes };
    },

    /** Remembers the upload carrying the submission's file, so discarding it cancels the upload too. */
    async recordUpload(submission: TvSubmission, uploadId: string): Promise<void> {
      await pending.setUploadId(submission.id, uploadId);
    },

    /** The browser's 640x360 JPEG, checked to be one by content and re-encoded (nothing else survives). */
    putThumbnail(token: string | undefined, id: string, part: TvThumbnail, refusal?: Error): Promise<void> {
      return putPart(token, id, refusal, 'thumbnail_path', async (submissionId) => ({
        path: pendingThumbnailPath(submissionId),
        bytes: await thumbnailJpeg(bytesOf(part.thumbnail)),
        type: 'image/jpeg',
      }));
    },

    /** The drawn signature at its final place, `signatures/{videoId}.png` (private). */
    putSignature(token: string | undefined, id: string, part: TvSignature, refusal?: Error): Promise<void> {
      return putPart(token, id, refusal, 'signature_path', async (submissionId) => ({
        path: `signatures/${submissionId}.png`,
        bytes: await signaturePng(part.signature, 'tv.form.errors.signatureRequired'),
        type: 'image/png',
      }));
    },

    /**
     * createFreeVideo: all four parts or nothing. In one transaction the video row (TV owner, owner
     * details, agreement version; `not_uploaded` until processing sets `not_verified`) and the keyword
     * summary are written and the pending row goes; then processing is queued.
     */
    async create(
      token: string | undefined,
      submissionId: string,
      input: TvFreeVideo,
      refusal?: Error,
    ): Promise<{ id: string }> {
      const { id } = await partOf(token, submissionId, refusal);
      await allOrNothing(id, async () => {
        if (input.videoId !== id) throw fieldError('videoId', 'tv.form.errors.global');
        const row = await pending.find(id);
        if (!row?.video_path) throw fieldError('file', 'tv.form.errors.fileRequired');
        if (!row.signature_path) throw fieldError('signature', 'tv.form.errors.signatureRequired');
        if (!row.thumbnail_path) throw fieldError('thumbnail', 'tv.form.errors.global');
        const thumbnail = tvThumbnailPath(id);
        const jpeg = await readBytes(deps.storage, row.thumbnail_path);
        await storeThumbnail(deps.storage, thumbnail, jpeg);
        const keywords = parseKeywords(input.video.keywordsString);
        await inTransaction(deps.db, async (trx) => {
          const removed = await tvSubmissionsRepository(trx).remove(id);
          if (!removed) throw notFound(); // a parallel create got there first
          await videoSubmissionsRepository(trx).insert({
            id,
            user_id: TV_OWNER_ID,
            title: input.video.title,
            description: input.video.description,
            keywords,
            file_name: row.video_file_name,
            path: row.video_path,
            size_bytes: row.video_size_bytes,
            thumbnail,
            thumbnail_variants: true,
            external_url: input.video.youtubeUrl || null,
            owner_name: input.owner.name,
            owner_email: input.owner.email,
            owner_phone: input.owner.phoneNumber,
            owner_country: input.owner.country,
            owner_instagram: input.owner.instagram || null,
            owner_dob: input.owner.dob,
            signature_path: row.signature_path,
            agreement_version: LICENSE_AGREEMENT_VERSION,
            status: 'not_uploaded',
          });
          // Not publicly listed until staff approve it: the summary does not count it yet.
          await syncKeywordSummary(trx, null, { keywords, status: 'not_uploaded', privacy: 'public' });
          await deps.queueProcessing?.(trx, { videoId: id });
        });
        // Put back for discard's sake until here; now the video owns every file but the pending thumbnail.
        await deps.storage.delete(row.thumbnail_path).catch(() => undefined);
      });
      return { id };
    },

    /** The page gave up: the submission and its parts go. */
    async abandon(token: string | undefined, id: string): Promise<void> {
      const submission = await authorize(token, id);
      await discard(submission.id);
    },

    /** Discards submissions older than the upload expiry (abandoned pages); returns how many. */
    async cleanUpExpired(): Promise<number> {
      const ids = await pending.expiredIds(new Date(deps.now().getTime() - UPLOAD_EXPIRATION_MS));
      for (const id of ids) await discard(id);
      return ids.length;
    },
  };
}
export type TvSubmissionService = ReturnType<typeof tvSubmissionService>;
