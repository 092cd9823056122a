import { sql } from 'kysely';
import { UPLOAD_LOCK_RELEASE_CHANNEL } from '../adapters/events/event-bus';
import type { Executor } from './executor';
import { notifyChannel } from './notify';

/** A lease's end, by the database's clock: instances whose clocks differ still agree on it. */
const leaseEnd = (leaseMs: number) => sql<Date>`now() + ${leaseMs} * interval '1 millisecond'`;

/** Resumable uploads' locks (migration 0030): one holder per upload across every instance. */
export function uploadLocksRepository(db: Executor) {
  return {
    /** Takes the lock when it is free or its lease lapsed; true when `holder` has it now. */
    async take(uploadId: string, holder: string, leaseMs: number): Promise<boolean> {
      const row = await db
        .insertInto('upload_locks')
        .values({ upload_id: uploadId, holder, expires_at: leaseEnd(leaseMs) })
        .onConflict((conflict) =>
          conflict
            .column('upload_id')
            .doUpdateSet({ holder, expires_at: leaseEnd(leaseMs) })
            .where('upload_locks.expires_at', '<=', sql<Date>`now()`),
        )
        .returning('holder')
        .executeTakeFirst();
      return row?.holder === holder;
    },

    /** Extends the holder's lease; false when it lost the lock (its lease lapsed and another took it). */
    async renew(uploadId: string, holder: string, leaseMs: number): Promise<boolean> {
      const row = await db
        .updateTable('upload_locks')
        .set({ expires_at: leaseEnd(leaseMs) })
        .where('upload_id', '=', uploadId)
        .where('holder', '=', holder)
        .returning('upload_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async release(uploadId: string, holder: string): Promise<void> {
      await db
        .deleteFrom('upload_locks')
        .where('upload_id', '=', uploadId)
        .where('holder', '=', holder)
        .execute();
    },

    /**
     * Deletes the locks whose lease lapsed more than `lapsedMs` ago: their holder stopped (a crash) and
     * no one took them since. A lapsed lock is already free to take; this only keeps the table small.
     */
    async deleteLapsed(lapsedMs: number): Promise<number> {
      const deleted = await db
        .deleteFrom('upload_locks')
        .where('expires_at', '<=', sql<Date>`now() - ${lapsedMs} * interval '1 millisecond'`)
        .executeTakeFirst();
      return Number(deleted.numDeletedRows);
    },

    /** Asks whichever instance holds the lock to let go (tus ends that holder's request). */
    async askRelease(uploadId: string): Promise<void> {
      await notifyChannel(db, UPLOAD_LOCK_RELEASE_CHANNEL, uploadId);
    },
  };
}
