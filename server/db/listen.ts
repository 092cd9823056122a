import type pg from 'pg';
import type { Database } from './connection';

/** What a channel's notifications are handed to (the payload, if the NOTIFY gave one). */
export type NotificationHandler = (payload: string | undefined) => void;

/** Ends the listening. */
export interface Listening {
  close(): Promise<void>;
}

/**
 * LISTEN on some channels, on either database. The embedded one listens through PGlite itself (its one
 * connection must stay free for queries); PostgreSQL through one connection of the pool kept for it,
 * replaced when it drops (a database restart, a failover), so notifications keep coming.
 * `onSubscribed` runs after every (re)subscription: what was notified while nobody listened was missed,
 * and whoever relies on the notifications looks for it then.
 */
export async function listen(
  database: Database,
  channels: Record<string, NotificationHandler>,
  onSubscribed: () => void = () => {},
): Promise<Listening> {
  if (database.pglite) {
    const pglite = database.pglite;
    const unlisten = await Promise.all(
      Object.entries(channels).map(([channel, hear]) => pglite.listen(channel, hear)),
    );
    onSubscribed();
    return {
      async close() {
        for (const end of unlisten) await end();
      },
    };
  }

  let client: pg.PoolClient | null = null;
  let closed = false;
  let detach = () => {};
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
        .map((channel) => `LISTEN "${channel}"`)
        .join('; '),
    );
    client = next;
    onSubscribed();
  };
  await connect();
  return {
    async close() {
      closed = true;
      const current = client;
      client = null;
      if (!current) return;
      await current.query('UNLISTEN *').catch(() => undefined);
      detach();
      current.release();
    },
  };
}
