import { type Kysely, sql, type Transaction } from 'kysely';
import type { CaptureMetadata } from '../../common/contracts/capture-metadata';
import type { VideoStatus } from '../../common/video-status';
import type { DB } from '../db/schema';

/** What processing learnt about a video's file. */
export interface ProcessedFile {
  sha256: string;
  sizeBytes: number;
  /** ISO-8601, or null when the file does not say. */
  duration: string | null;
  /** Storage path of the thumbnail, or null when no frame could be decoded. */
  thumbnail: string | null;
  /** What the file's tags say of its filming. */
  capture: CaptureMetadata;
}

/** A video's listing state before and after a status change, for the keyword summary. */
type ListingState = { keywords: string[]; status: string; privacy: string };
export type OnStatusChange = (
  trx: Transaction<DB>,
  before: ListingState,
  after: ListingState,
) => Promise<void>;

/** Queries of the video processing job (server/jobs/video-processing.job.ts). */
export function videoProcessingRepository(db: Kysely<DB>) {
  const stateOf = (executor: Kysely<DB>, videoId: string) =>
    executor
      .selectFrom('videos')
      .select(['status', 'processing_error'])
      .where('id', '=', videoId)
      .executeTakeFirst();

  return {
    /**
     * Videos with a file claimed but not yet processed (nor refused): each should have a processing job
     * queued or running; the stranded-video sweep checks that it has.
     */
    async claimedUnprocessedIds(): Promise<string[]> {
      const rows = await db
        .selectFrom('videos')
        .select('id')
        .where('status', '=', 'not_uploaded')
        .where('path', 'is not', null)
        .where('processing_error', 'is', null)
        .execute();
      return rows.map((row) => row.id);
    },

    /** Where the video's file is and how far the video got; undefined when it is gone. */
    findUpload(videoId: string) {
      return db
        .selectFrom('videos')
        .select(['path', 'status', 'processing_error'])
        .where('id', '=', videoId)
        .executeTakeFirst();
    },

    /** Records why the file was refused; the video keeps waiting for a proper upload. */
    async refuse(videoId: string, error: string) {
      await db
        .updateTable('videos')
        .set({ processing_error: error })
        .where('id', '=', videoId)
        .where('status', '=', 'not_uploaded')
        .execute();
    },

    /**
     * Forgets a refused file (already removed from storage), so the owner may upload again or withdraw
     * the video; the reason stays until a new file is claimed. Only while the video still has that file.
     */
    async forgetRefusedFile(videoId: string, path: string): Promise<boolean> {
      const forgotten = await db
        .updateTable('videos')
        .set({ path: null, size_bytes: null })
        .where('id', '=', videoId)
        .where('status', '=', 'not_uploaded')
        .where('path', '=', path)
        .returning('id')
        .executeTakeFirst();
      return forgotten !== undefined;
    },

    /**
     * Stores what processing learnt and sets the status: `duplicate` when another video has the same
     * content, else `not_verified`. Check and update hold a transaction-scoped advisory lock on the hash,
     * so of two videos with the same content finishing together the second waits for the first to
     * commit and then sees it (a row lock cannot do this: before either commits, no row has the hash).
     * Only a video still waiting for its upload changes, so a retried job leaves a decided one alone.
     * `onStatusChange` runs in the same transaction (the keyword summary follows the status, and the
     * preview job is queued there, so a processed video never lacks one).
     */
    finish(videoId: string, file: ProcessedFile, onStatusChange: OnStatusChange) {
      return db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtext('videos.sha256'), hashtext(${file.sha256}))`.execute(
          trx,
        );
        // A video back at not_uploaded is getting a new file: the hash it still has is stale.
        const original = await trx
          .selectFrom('videos')
          .select('id')
          .where('sha256', '=', file.sha256)
          .where('id', '<>', videoId)
          .where('status', '<>', 'not_uploaded')
          .limit(1)
          .executeTakeFirst();
        const status: VideoStatus = original ? 'duplicate' : 'not_verified';
        const changed = await trx
          .updateTable('videos')
          .set({
            status,
            sha256: file.sha256,
            size_bytes: file.sizeBytes,
            duration: file.duration,
            thumbnail: file.thumbnail,
            // The job writes the WebP sizes with the JPEG (adapters/media/thumbnail-variants.ts).
            thumbnail_variants: file.thumbnail !== null,
            capture_metadata: JSON.stringify(file.capture),
            processing_error: null,
            // A new original needs its own preview: the job queued by `onStatusChange` makes it.
            preview_status: 'pending',
            preview_error: null,
          })
          .where('id', '=', videoId)
          .where('status', '=', 'not_uploaded')
          .returning(['keywords', 'privacy'])
          .executeTakeFirst();
        if (changed) {
          await onStatusChange(trx, { ...changed, status: 'not_uploaded' }, { ...changed, status });
        }
        return stateOf(trx, videoId);
      });
    },

    /** What the file says of its filming, for a video processed before files were read (the backfill). */
    async saveCaptureMetadata(videoId: string, capture: CaptureMetadata) {
      await db
        .updateTable('videos')
        .set({ capture_metadata: JSON.stringify(capture) })
        .where('id', '=', videoId)
        .where('capture_metadata', 'is', null)
        .execute();
    },
  };
}
