import type pg from 'pg';
import type { LiveEvent } from '../../../common/contracts/live-events';
import type { Database } from '../../db/connection';

/** Something a signed-in user's open pages should hear about at once (the shared contract). */
export type UserEvent = LiveEvent;

type Handler = (event: UserEvent) => void;

/** Live events per user, fanned out through PostgreSQL LISTEN/NOTIFY so every app instance hears them. */
export interface EventBus {
  /** Sends at once; inside a transaction, send through liveEventsRepository(trx) instead (at commit). */
  publish(userId: string, event: UserEvent): Promise<void>;
  subscribe(userId: string, handler: Handler): () => void;
  /**
   * Calls `handler` when a committed change may alter what anonymous visitors see (a video or a member
   * written, on any instance): the database's triggers announce it with the table's name (migration 0028).
   */
  onPublicChange(handler: (table: string) => void): () => void;
  /** Calls `handler` when a mail was committed to the outbox (on any instance), to deliver it at once. */
  onMailQueued(handler: () => void): () => void;
  close(): Promise<void>;
}

/** Users' live events: the payload is `userEventPayload`. */
export const USER_EVENTS_CHANNEL = 'clipmarket_user_events';
const CHANNEL = USER_EVENTS_CHANNEL;
/** Notified with every mail the outbox stores (mailOutboxRepository.add), when its transaction commits. */
export const MAIL_QUEUED_CHANNEL = 'clipmarket_mail_queued';

/** The NOTIFY payload of a user's event. */
export const userEventPayload = (userId: string, event: UserEvent) => JSON.stringify({ userId, event });
/** Notified by the statement triggers of migration 0028. */
export const PUBLIC_CHANGES_CHANNEL = 'clipmarket_public_changes';

/**
 * The embedded database listens through PGlite itself (its one connection must stay free for
 * queries); PostgreSQL through one connection of the pool kept for LISTEN.
 */
export async function createEventBus(database: Database): Promise<EventBus> {
  const handlers = new Map<string, Set<Handler>>();
  const publicChangeHandlers = new Set<(table: string) => void>();
  const mailQueuedHandlers = new Set<() => void>();
  const announceMail = () => {
    for (const handler of mailQueuedHandlers) handler();
  };
  const announceChange = (table = '') => {
    for (const handler of publicChangeHandlers) handler(table);
  };
  const deliver = (payload: string | undefined) => {
    if (!payload) return;
    try {
      const { userId, event } = JSON.parse(payload) as { userId: string; event: UserEvent };
      for (const handler of handlers.get(userId) ?? []) handler(event);
    } catch {
      // A payload we did not write: ignore it.
    }
  };

  let stop: () => Promise<void>;
  if (database.pglite) {
    const unlisten = await database.pglite.listen(CHANNEL, deliver);
    const unlistenChanges = await database.pglite.listen(PUBLIC_CHANGES_CHANNEL, announceChange);
    const unlistenMail = await database.pglite.listen(MAIL_QUEUED_CHANNEL, announceMail);
    stop = async () => {
      await unlisten();
      await unlistenChanges();
      await unlistenMail();
    };
  } else {
    let client: pg.PoolClient | null = null;
    let closed = false;
    let detach = () => {};
    // A dropped LISTEN connection (database restart, failover) is replaced, so events keep coming.
    const connect = async (): Promise<void> => {
      const next = await database.pool.connect();
      const onNotification = (message: pg.Notification) => {
        if (message.channel === PUBLIC_CHANGES_CHANNEL) announceChange(message.payload);
        else if (message.channel === MAIL_QUEUED_CHANNEL) announceMail();
        else deliver(message.payload);
      };
      const onError = () => {
        if (client !== next) return; // already given back to the pool, which handles its errors
        client = null;
        next.release(true);
        if (!closed) setTimeout(() => void connect().catch(() => undefined), 1000).unref();
      };
      next.on('notification', onNotification);
      next.on('error', onError);
      detach = () => {
        next.off('notification', onNotification);
        next.off('error', onError);
      };
      await next.query(`LISTEN ${CHANNEL}; LISTEN ${PUBLIC_CHANGES_CHANNEL}; LISTEN ${MAIL_QUEUED_CHANNEL}`);
      client = next;
      // Changes made while no connection listened were missed: whatever was kept may be stale, and
      // mails may wait (the outbox's timer would find them too, later).
      announceChange();
      announceMail();
    };
    await connect();
    stop = async () => {
      closed = true;
      const current = client;
      client = null;
      if (!current) return;
      await current.query('UNLISTEN *').catch(() => undefined);
      detach();
      current.release();
    };
  }

  return {
    async publish(userId, event) {
      await database.pool.query('select pg_notify($1, $2)', [CHANNEL, userEventPayload(userId, event)]);
    },
    subscribe(userId, handler) {
      const set = handlers.get(userId) ?? new Set<Handler>();
      set.add(handler);
      handlers.set(userId, set);
      return () => {
        set.delete(handler);
        if (set.size === 0) handlers.delete(userId);
      };
    },
    onPublicChange(handler) {
      publicChangeHandlers.add(handler);
      return () => publicChangeHandlers.delete(handler);
    },
    onMailQueued(handler) {
      mailQueuedHandlers.add(handler);
      return () => mailQueuedHandlers.delete(handler);
    },
    close: () => stop(),
  };
}
