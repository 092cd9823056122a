import { fromKysely, type PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import { type Executor, inTransaction } from '../repositories/executor';
import type { StandingRequestsTold } from '../services/videos/video-notices';
import { asPartOf, type Traced, traced } from './queue';

/**
 * Telling the owners of standing requests of a video that became licensable (issue 34), as a job queued
 * in the transaction that made it so: the approval, the YouTube job or the owner's edit commits at once,
 * whatever the number of requests the video answers (each a match row, a live event, maybe an e-mail:
 * bench/README.md, standing requests), and the job exists exactly when the licensable state does.
 */
export const STANDING_REQUEST_MATCHING_QUEUE = 'standing-request-matching';

export interface StandingRequestMatchingJob extends Traced {
  videoId: string;
}

// Matching is idempotent (once per request and video), so a retry after a failure tells no one twice.
const SEND_OPTIONS = { retryLimit: 5, retryDelay: 10, retryBackoff: true } as const;

/** Queues the matching of `videoId` on the transaction `trx`. */
export function standingRequestMatchingQueueing(queue: PgBoss) {
  return async (trx: Executor, videoId: string) => {
    await queue.send(
      STANDING_REQUEST_MATCHING_QUEUE,
      traced({ videoId } satisfies StandingRequestMatchingJob),
      {
        ...SEND_OPTIONS,
        db: fromKysely(trx),
      },
    );
  };
}

/** The worker: matches the video and tells the owners in a transaction of its own. */
export async function startStandingRequestMatching(
  queue: PgBoss,
  deps: { db: Executor; logger: Logger; toldIn: StandingRequestsTold },
) {
  await queue.work<StandingRequestMatchingJob>(
    STANDING_REQUEST_MATCHING_QUEUE,
    { pollingIntervalSeconds: 0.5 },
    async ([job]) => {
      if (!job) return;
      await asPartOf(job.data, deps.logger, () =>
        inTransaction(deps.db, (trx) => deps.toldIn(trx).videoLicensable(job.data.videoId)),
      );
    },
  );
}
