import type { StatusChange } from '../../../common/contracts/moderation';
import { normalizeVideoStatus, type VideoStatus } from '../../../common/video-status';
import { AppError } from '../../errors';
import { checkStatusTransition } from '../../policies/video-moderation.policy';
import { type Executor, inTransaction } from '../../repositories/executor';
import { videoModerationRepository } from '../../repositories/video-moderation.repository';
import { syncKeywordSummary } from './keyword-summary-sync';

/**
 * Staff change a video's status (SPEC 4.1, DESIGN "Video status"): the transition is checked against
 * the status the video has under a row lock, and the change and the keyword summary are written in the
 * same transaction.
 */
export function videoModerationService(deps: { db: Executor }) {
  const reads = videoModerationRepository(deps.db);
  return {
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
    ): Promise<StatusChange> {
      return inTransaction(deps.db, async (trx) => {
        const videos = videoModerationRepository(trx);
        const video = await videos.lockStatus(videoId);
        if (!video) throw new AppError('NOT_FOUND', 404);
        const from = normalizeVideoStatus(video.status);
        const verdict = checkStatusTransition(from, to, reason);
        if (verdict === 'reason_required') {
          throw new AppError('VALIDATION_FAILED', 400, undefined, [
            { field: 'reason', message: 'moderation.errors.reasonRequired' },
          ]);
        }
        if (verdict === 'not_allowed') throw new AppError('STATUS_CHANGE_NOT_ALLOWED', 409, { from, to });
        await videos.setStatus(videoId, to);
        // Approving lists the video (its keywords count); declining or archiving takes them back.
        await syncKeywordSummary(trx, video, { ...video, status: to });
        const recorded = await videos.recordChange({
          videoId,
          changedBy: staff.id,
          from,
          to,
          reason: reason || null,
        });
        return {
          id: recorded.id,
          from,
          to,
          reason: reason || null,
          changedAt: recorded.changed_at.toISOString(),
          changedBy: { id: staff.id, name: staff.name },
        };
      });
    },
  };
}
