import type { Storage } from '../../adapters/storage/storage';
import type { Executor } from '../../repositories/executor';
import type { MailOutbox } from '../mail/mail-outbox';
import { noticeChannelsIn } from '../mail/notice-channels';
import { standingRequestNotifier } from '../standing-requests/standing-request-notifier';
import { videoStatusNotifier } from './video-status-notifier';

/**
 * The notices of a video's new status inside the transaction that sets it, for the requests' services
 * and the jobs alike: its owner is told, and, when it is now licensable, the owners of the standing
 * requests it answers.
 */
interface NoticeDeps {
  outbox: Pick<MailOutbox, 'within'>;
  storage: Storage;
  publicUrl: string;
  secret: string;
  now: () => Date;
  /**
   * Queues the standing requests' matching on the transaction (jobs/standing-request-matching.job.ts);
   * absent (an app without a job queue, as in the route tests), they are matched in the transaction.
   */
  queueMatching?: QueueStandingRequestMatching;
}

/** Queues the standing requests' matching of a video on the given transaction. */
export type QueueStandingRequestMatching = (trx: Executor, videoId: string) => Promise<void>;

/** The standing requests' side of a video becoming licensable, inside the given transaction. */
export type StandingRequestsTold = (trx: Executor) => { videoLicensable(videoId: string): Promise<void> };

export function videoNoticesIn(deps: NoticeDeps) {
  const standingRequestsIn = standingRequestNoticesIn(deps);
  return (trx: Executor) =>
    videoStatusNotifier({
      ...noticeChannelsIn(trx, deps.outbox),
      publicUrl: deps.publicUrl,
      standingRequests: standingRequestsIn(trx),
    });
}

/**
 * The owners of the standing requests a licensable video answers are told: by a job queued in the given
 * transaction when the app has a queue, else within it.
 */
export function standingRequestNoticesIn(deps: NoticeDeps): StandingRequestsTold {
  const { queueMatching } = deps;
  if (queueMatching) return (trx) => ({ videoLicensable: (videoId) => queueMatching(trx, videoId) });
  return standingRequestsToldIn(deps);
}

/** Matches the video and tells the owners of the requests it answers, inside the given transaction. */
export function standingRequestsToldIn(deps: NoticeDeps): StandingRequestsTold {
  return (trx: Executor) => {
    const { storage, publicUrl, secret, now } = deps;
    return standingRequestNotifier({
      ...noticeChannelsIn(trx, deps.outbox),
      storage,
      publicUrl,
      secret,
      now,
    });
  };
}
