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
}

export function videoNoticesIn(deps: NoticeDeps) {
  const standingRequestsIn = standingRequestNoticesIn(deps);
  return (trx: Executor) =>
    videoStatusNotifier({
      ...noticeChannelsIn(trx, deps.outbox),
      publicUrl: deps.publicUrl,
      standingRequests: standingRequestsIn(trx),
    });
}

/** The owners of the standing requests a licensable video answers are told, inside the given transaction. */
export function standingRequestNoticesIn(deps: NoticeDeps) {
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
