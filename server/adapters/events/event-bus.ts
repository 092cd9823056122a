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
  /** Calls `handler` with an upload's id when a request on any instance asks its lock's holder to let go. */
  onUploadLockRelease(handler: (uploadId: string) => void): () => void;
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

/** Notified with an upload's id when a request wants the lock another request holds (uploadLocksRepository). */
export const UPLOAD_LOCK_RELEASE_CHANNEL = 'clipmarket_upload_lock_release';

/** Handlers of one channel's notifications (each gets the payload). */
function channelHandlers() {
  const handlers = new Set<(payload: string) => void>();
  return {
    hear: (payload = '') => {
      for (const handler of handlers) handler(payload);
    },
    add(handler: (payload: string) => void) {
      handlers.add(handler);
      return () => {
        handlers.delete(handler);
      };
    },
  };
}

/**
 * The embedded database listens through PGlite itself (its one connection must stay free for
 * queries); PostgreSQL through one connection of the pool kept for LISTEN.
 */
export async function createEventBus(database: Database): Promise<EventBus> {
  const handlers = new Map<string, Set<Handler>>();
  const deliver = (payload: string | undefined) => {
    if (!payload) return;
    try {
      const { userId, event } = JSON.parse(payload) as { userId: string; event: UserEvent };
      for (const handler of handlers.get(userId) ?? []) handler(event);
    } catch {
      // A payload we did not write: ignore it.
    }
  };
  const publicChanges = channelHandlers();
  const mailQueued = channelHandlers();
  const lockReleases = channelHandlers();
  const channels: Record<string, (payload: string | undefined) => void> = {
    [CHANNEL]: deliver,
    [PUBLIC_CHANGES_CHANNEL]: publicChanges.hear,
    [MAIL_QUEUED_CHANNEL]: mailQueued.hear,
    [UPLOAD_LOCK_RELEASE_CHANNEL]: lockReleases.hear,
  };

  let stop: () => Promise<void>;
  if (database.pglite) {
    const pglite = database.pglite;
    const unlisten = await Promise.all(
      Object.entries(channels).map(([channel, hear]) => pglite.listen(channel, hear)),
    );
    stop = async () => {
      for (const end of unlisten) await end();
    };
  } else {
    let client: pg.PoolClient | null = null;
    let closed = false;
    let detach = () => {};
    // A dropped LISTEN connection (database restart, failover) is replaced, so events keep coming.
    const connect = async (): Promise<void> => {
      const next = await database.pool.connect();
      const onNotification = (message: pg.Notification) => channels[message.channel]?.(message.payload);
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
      await next.query(
        Object.keys(channels)
          .map((channel) => `LISTEN ${channel}`)
          .join('; '),
      );
      client = next;
      // Changes made while no connection listened were missed: whatever was kept may be stale, and
      // mails may wait (the outbox's timer would find them too, later).
      publicChanges.hear();
      mailQueued.hear();
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
    onPublicChange: (handler) => publicChanges.add(handler),
    onMailQueued: (handler) => mailQueued.add(() => handler()),
    onUploadLockRelease: (handler) => lockReleases.add(handler),
    close: () => stop(),
  };
}
