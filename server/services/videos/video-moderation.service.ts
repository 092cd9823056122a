import type { ReviewQueue, StatusChanged, StatusHistory } from '../../../common/contracts/moderation';
import { normalizeVideoStatus, type VideoStatus } from '../../../common/video-status';
import { forPage } from '../../adapters/storage/signed-file-url';
import type { Storage } from '../../adapters/storage/storage';
import { AppError } from '../../errors';
import {
  canRetryPublishing,
  checkStatusTransition,
  nextStatuses,
  type StatusReason,
} from '../../policies/video-moderation.policy';
import { type Executor, inTransaction } from '../../repositories/executor';
import { videoModerationRepository } from '../../repositories/video-moderation.repository';
import { cursorAfter, pageOf } from '../paging';
import { copyReviewService } from './copy-review.service';
import { syncKeywordSummary } from './keyword-summary-sync';
import { presentReviewItem, presentStatusChange } from './moderation-presenter';
import type { videoStatusNotifier } from './video-status-notifier';

/**
 * Queues the publishing of a video to YouTube on the given executor: the approving transaction, so a
 * rolled-back approval queues nothing and a committed one can never lose its job. Absent: publishing off.
 */
export type EnqueuePublishing = (trx: Executor, videoId: string) => Promise<void>;

/** Statuses the review queue shows: new videos, and duplicates waiting to be declined or archived. */
const QUEUE_STATUSES = ['not_verified', 'duplicate'] as const;
/** Signed links of the queue (player, signature) work for an hour: long enough to review a page. */
const SIGNED_URL_SECONDS = 60 * 60;

/**
 * Staff change a video's status (SPEC 4.1, DESIGN "Video status"): the transition is checked against
 * the status the video has under a row lock, and the change and the keyword summary are written in the
 * same transaction.
 *
 * Approving means two things. With publishing on, the video becomes `approved` ("Processing") and a
 * publishing job is queued in the same transaction; the job moves it on. With publishing off there is
 * nothing to wait for: the history records the staff's decision (`from -> approved`) and then the
 * system's step (`approved -> ready`, by nobody), both in the one transaction, so the video is never
 * seen as `approved` and the history says truthfully who decided what.
 */
export function videoModerationService(deps: {
  db: Executor;
  enqueuePublishing?: EnqueuePublishing;
  storage: Storage;
  publicUrl: string;
  /** Tells the owner of a status staff set, inside the changing transaction (noticeChannelsIn). */
  notifierIn: (trx: Executor) => Pick<ReturnType<typeof videoStatusNotifier>, 'notify'>;
}) {
  const reads = videoModerationRepository(deps.db);
  const mode = { publishing: deps.enqueuePublishing !== undefined };

  /** A private file's signed link for the page, or null when there is no file. */
  const signed = async (path: string | null) =>
    path
      ? forPage(await deps.storage.signedUrl(path, { expiresInSeconds: SIGNED_URL_SECONDS }), deps.publicUrl)
      : null;
  const copyReview = copyReviewService({ db: deps.db, signed, mode, notifierIn: deps.notifierIn });

  /**
   * The change itself, checked against the status the video has under the row lock; approving with
   * publishing off records the system's step to ready too.
   */
  const changeStatusInTransaction = (
    staff: { id: string; name: string },
    videoId: string,
    to: VideoStatus,
    why: StatusReason,
  ): Promise<StatusChanged> =>
    inTransaction(deps.db, async (trx) => {
      const reason = why.text;
      const declineReason = to === 'declined' ? why.code : null;
      const videos = videoModerationRepository(trx);
      const video = await videos.lockStatus(videoId);
      if (!video) throw new AppError('NOT_FOUND', 404);
      const from = normalizeVideoStatus(video.status);
      const verdict = checkStatusTransition(from, to, why, mode);
      if (verdict === 'reason_required') {
        throw new AppError('VALIDATION_FAILED', 400, undefined, [
          { field: 'reason', message: 'moderation.errors.reasonRequired' },
        ]);
      }
      if (verdict === 'not_allowed') throw new AppError('STATUS_CHANGE_NOT_ALLOWED', 409, { from, to });
      const approving = to === 'approved';
      if (approving && deps.enqueuePublishing) await deps.enqueuePublishing(trx, videoId);
      const final: VideoStatus = approving && !mode.publishing ? 'ready' : to;
      await videos.setStatus(videoId, final);
      // Approving lists the video (its keywords count); declining or archiving takes them back.
      await syncKeywordSummary(trx, video, { ...video, status: final });
      const recorded = await videos.recordChange({
        videoId,
        changedBy: staff.id,
        from,
        to,
        reason: reason || null,
        reasonCode: declineReason,
      });
      if (final !== to) {
        await videos.recordChange({ videoId, changedBy: null, from: to, to: final, reason: null });
      }
      await deps.notifierIn(trx).notify(videoId, { reason: reason || null, declineReason });
      return {
        status: final,
        change: {
          id: recorded.id,
          from,
          to,
          reason: reason || null,
          declineReason,
          automatic: false,
          changedAt: recorded.changed_at.toISOString(),
          changedBy: { id: staff.id, name: staff.name },
        },
      };
    });

  return {
    /** Whether approved videos are published to YouTube. */
    publishing: mode.publishing,

    /** What the check of a video's frames found, with both files to compare (copy-review.service.ts). */
    copyCheck: copyReview.check,
    /** Staff judge a possible copy: not a copy, or a duplicate. */
    decideCopy: copyReview.decide,

    /** A video's status changes, oldest first. */
    async history(videoId: string): Promise<StatusHistory> {
      return { items: (await reads.history(videoId)).map(presentStatusChange) };
    },

    /**
     * A page of the review queue, oldest first, with signed links to the file and the signature, and for
     * a duplicate the video it duplicates (by content hash).
     */
    async reviewQueue(query: { limit: number; cursor?: string }): Promise<ReviewQueue> {
      const { limit } = query;
      const rows = await reads.queue({ statuses: QUEUE_STATUSES, limit, afterId: cursorAfter(query.cursor) });
      const page = pageOf(rows, limit, (row) => row);
      const hashes = new Set(
        page.items.flatMap((row) => (row.status === 'duplicate' && row.sha256 ? [row.sha256] : [])),
      );
      const originals = new Map((await reads.originals([...hashes])).map((o) => [o.sha256, o]));
      const copies = await copyReview.possibleCopies(page.items.map((row) => row.id));
      const items = await Promise.all(
        page.items.map(async (row) =>
          presentReviewItem(row, {
            thumbnailUrl: row.thumbnail ? deps.storage.publicUrl(row.thumbnail) : null,
            playbackUrl: await signed(row.path),
            signatureUrl: await signed(row.signature_path),
            original: row.sha256 ? originals.get(row.sha256) : undefined,
            possibleCopy: copies.get(row.id),
            nextStatuses: nextStatuses(normalizeVideoStatus(row.status), mode),
          }),
        ),
      );
      return { items, nextCursor: page.nextCursor };
    },

    /** Changes the status and tells the owner, in one transaction (the mail waits in the outbox). */
    changeStatus: (
      staff: { id: string; name: string },
      videoId: string,
      to: VideoStatus,
      why: StatusReason,
    ): Promise<StatusChanged> => changeStatusInTransaction(staff, videoId, to, why),

    /**
     * Staff send a video whose publishing finally failed to YouTube again: `yt_upload_error -> approved`,
     * recorded as theirs, with the job queued in the same transaction.
     */
    async retryPublishing(staff: { id: string; name: string }, videoId: string): Promise<StatusChanged> {
      const enqueue = deps.enqueuePublishing;
      if (!enqueue) throw new AppError('PUBLISHING_OFF', 409);
      return inTransaction(deps.db, async (trx) => {
        const videos = videoModerationRepository(trx);
        const video = await videos.lockStatus(videoId);
        if (!video) throw new AppError('NOT_FOUND', 404);
        const from = normalizeVideoStatus(video.status);
        if (!canRetryPublishing(from, mode)) {
          throw new AppError('STATUS_CHANGE_NOT_ALLOWED', 409, { from, to: 'approved' });
        }
        await enqueue(trx, videoId);
        await videos.setStatus(videoId, 'approved');
        await syncKeywordSummary(trx, video, { ...video, status: 'approved' });
        const recorded = await videos.recordChange({
          videoId,
          changedBy: staff.id,
          from,
          to: 'approved',
          reason: null,
        });
        return {
          status: 'approved',
          change: {
            id: recorded.id,
            from,
            to: 'approved',
            reason: null,
            declineReason: null,
            automatic: false,
            changedAt: recorded.changed_at.toISOString(),
            changedBy: { id: staff.id, name: staff.name },
          },
        };
      });
    },
  };
}
