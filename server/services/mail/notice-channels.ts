import type { EventBus } from '../../adapters/events/event-bus';
import type { Mailer } from '../../adapters/mail/mailer';
import type { Executor } from '../../repositories/executor';
import { liveEventsRepository } from '../../repositories/live-events.repository';
import type { MailOutbox } from './mail-outbox';

/** What a notifier reads and writes through: the rows it reads, the mail it queues, the live events it sends. */
export interface NoticeChannels {
  db: Executor;
  mailer: Mailer;
  events: Pick<EventBus, 'publish'>;
}

/**
 * A notifier's channels inside the transaction of the change it tells about: it reads that change's
 * rows, its mail lands in the outbox and its live events are sent at the commit, and a rollback takes
 * them all back. No notice is lost to a crash after the commit, and none tells of a change undone.
 */
export function noticeChannelsIn(trx: Executor, outbox: Pick<MailOutbox, 'within'>): NoticeChannels {
  return { db: trx, mailer: outbox.within(trx), events: liveEventsRepository(trx) };
}
