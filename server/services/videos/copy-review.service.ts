import type {
  CopyCheck,
  CopyDecided,
  CopyDecision,
  PossibleCopy,
} from '../../../common/contracts/copy-review';
import { normalizeVideoStatus } from '../../../common/video-status';
import { AppError, notFound } from '../../errors';
import { canMarkDuplicate, type PublishingMode } from '../../policies/video-moderation.policy';
import { type Executor, inTransaction } from '../../repositories/executor';
import { videoFingerprintsRepository } from '../../repositories/video-fingerprints.repository';
import { videoModerationRepository } from '../../repositories/video-moderation.repository';
import { videosRepository } from '../../repositories/videos.repository';
import { syncKeywordSummary } from './keyword-summary-sync';
import type { videoStatusNotifier } from './video-status-notifier';

type MatchRow = Awaited<ReturnType<ReturnType<typeof videoFingerprintsRepository>['matches']>>[number];
/** A private file's signed link for a page, null without a file. */
export type SignedLink = (path: string | null) => Promise<string | null>;

async function presentPossibleCopy(row: MatchRow, signed: SignedLink): Promise<PossibleCopy> {
  return {
    original: {
      id: row.original_id,
      title: row.original_title,
      user: { id: row.original_user_id, name: row.original_user_name },
      uploadedAt: new Date(row.original_created_at).toISOString(),
      playbackUrl: await signed(row.original_path),
    },
    sameOwner: row.original_user_id === row.user_id,
    at: { from: row.starts_at, to: row.ends_at },
    originalAt: { from: row.original_starts_at, to: row.original_ends_at },
    score: row.score,
    mirrored: row.mirrored,
    decision: (row.decision as CopyDecision | null) ?? null,
  };
}

/**
 * Staff judge the copies processing found (issue 33): what was found, for the review queue and the video
 * page, and the decision. "Duplicate" declines the video as SPEC 4.1's Duplicate, under the video's row
 * lock, with its history row and its owner's notice in the same transaction.
 */
export function copyReviewService(deps: {
  db: Executor;
  signed: SignedLink;
  mode: PublishingMode;
  notifierIn: (trx: Executor) => Pick<ReturnType<typeof videoStatusNotifier>, 'notify'>;
}) {
  const fingerprints = videoFingerprintsRepository(deps.db);

  const possibleCopies = async (videoIds: readonly string[]): Promise<Map<string, PossibleCopy>> => {
    const rows = await fingerprints.matches(videoIds);
    return new Map(
      await Promise.all(
        rows.map(async (row) => [row.video_id, await presentPossibleCopy(row, deps.signed)] as const),
      ),
    );
  };

  return {
    possibleCopies,

    async check(videoId: string): Promise<CopyCheck> {
      const video = await videosRepository(deps.db).findFileFacts(videoId);
      if (!video) throw notFound();
      const [checked, copies] = await Promise.all([
        fingerprints.isFingerprinted(videoId),
        possibleCopies([videoId]),
      ]);
      return {
        checked,
        playbackUrl: await deps.signed(video.path),
        possibleCopy: copies.get(videoId) ?? null,
      };
    },

    decide: (staff: { id: string }, videoId: string, decision: CopyDecision): Promise<CopyDecided> =>
      inTransaction(deps.db, async (trx) => {
        const videos = videoModerationRepository(trx);
        const video = await videos.lockStatus(videoId);
        const match = video && (await videoFingerprintsRepository(trx).lockUndecided(videoId));
        if (!video || !match) throw notFound();
        if (match.decision !== null) throw new AppError('COPY_ALREADY_DECIDED', 409);
        const from = normalizeVideoStatus(video.status);
        await videoFingerprintsRepository(trx).decide(videoId, decision, staff.id);
        if (decision === 'not_a_copy') return { decision, status: from };
        if (!canMarkDuplicate(from, deps.mode))
          throw new AppError('STATUS_CHANGE_NOT_ALLOWED', 409, { from, to: 'duplicate' });
        await videos.setStatus(videoId, 'duplicate');
        await syncKeywordSummary(trx, video, { ...video, status: 'duplicate' });
        await videos.recordChange({ videoId, changedBy: staff.id, from, to: 'duplicate', reason: null });
        await deps.notifierIn(trx).notify(videoId);
        return { decision, status: 'duplicate' };
      }),
  };
}
