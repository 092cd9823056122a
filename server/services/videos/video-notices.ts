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
export function videoNoticesIn(deps: {
  outbox: Pick<MailOutbox, 'within'>;
  storage: Storage;
  publicUrl: string;
  secret: string;
  now: () => Date;
}) {
  return (trx: Executor) => {
    const channels = noticeChannelsIn(trx, deps.outbox);
    const { storage, publicUrl, secret, now } = deps;
    return videoStatusNotifier({
      ...channels,
      publicUrl,
      standingRequests: standingRequestNotifier({ ...channels, storage, publicUrl, secret, now }),
    });
  };
}
