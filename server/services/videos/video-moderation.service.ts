import type { StatusChanged } from '../../../common/contracts/moderation';
import { normalizeVideoStatus, type VideoStatus } from '../../../common/video-status';
import { AppError } from '../../errors';
import { canRetryPublishing, checkStatusTransition } from '../../policies/video-moderation.policy';
import { type Executor, inTransaction } from '../../repositories/executor';
import { videoModerationRepository } from '../../repositories/video-moderation.repository';
import { syncKeywordSummary } from './keyword-summary-sync';

/**
 * Queues the publishing of a video to YouTube on the given executor: the approving transaction, so a
 * rolled-back approval queues nothing and a committed one can never lose its job. Absent: publishing off.
 */
export type EnqueuePublishing = (trx: Executor, videoId: string) => Promise<void>;

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
export function videoModerationService(deps: { db: Executor; enqueuePublishing?: EnqueuePublishing }) {
  const reads = videoModerationRepository(deps.db);
  const mode = { publishing: deps.enqueuePublishing !== undefined };
  return {
    /** Whether approved videos are published to YouTube. */
    publishing: mode.publishing,

    /** A video's status changes, oldest first. */
    history: (videoId: string) => reads.history(videoId),

    /**
     * A page of the review queue (oldest first, one row more than `limit`) and, for its duplicates, the
     * videos they duplicate (by content hash).
     */
    async queue(options: { statuses: readonly string[]; limit: number; afterId: string | null }) {
      const rows = await reads.queue(options);
      const hashes = [
        ...new Set(
          rows
            .slice(0, options.limit)
            .flatMap((row) => (row.status === 'duplicate' && row.sha256 ? [row.sha256] : [])),
        ),
      ];
      return { rows, originals: await reads.originals(hashes) };
    },

    async changeStatus(
      staff: { id: string; name: string },
      videoId: string,
      to: VideoStatus,
      reason: string,
    ): Promise<StatusChanged> {
      return inTransaction(deps.db, async (trx) => {
        const videos = videoModerationRepository(trx);
        const video = await videos.lockStatus(videoId);
        if (!video) throw new AppError('NOT_FOUND', 404);
        const from = normalizeVideoStatus(video.status);
        const verdict = checkStatusTransition(from, to, reason, mode);
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
        });
        if (final !== to) {
          await videos.recordChange({ videoId, changedBy: null, from: to, to: final, reason: null });
        }
        return {
          status: final,
          change: {
            id: recorded.id,
            from,
            to,
            reason: reason || null,
            automatic: false,
            changedAt: recorded.changed_at.toISOString(),
            changedBy: { id: staff.id, name: staff.name },
          },
        };
      });
    },

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
            automatic: false,
            changedAt: recorded.changed_at.toISOString(),
            changedBy: { id: staff.id, name: staff.name },
          },
        };
      });
    },
  };
}
