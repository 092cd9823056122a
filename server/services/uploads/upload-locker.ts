import crypto from 'node:crypto';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import type { EventBus } from '../../adapters/events/event-bus';
import type { Executor } from '../../repositories/executor';
import { uploadLocksRepository } from '../../repositories/upload-locks.repository';

export interface UploadLockTiming {
  leaseMs: number;
  renewMs: number;
  retryMs: number;
  acquireTimeoutMs: number;
}

/** Lock timings: a holder renews its lease well before it lapses; a waiter gives up as tus's own locker does. */
export const UPLOAD_LOCKING: Readonly<UploadLockTiming> = {
  leaseMs: 20_000,
  renewMs: 5_000,
  retryMs: 100,
  acquireTimeoutMs: 30_000,
};

/**
 * tus's locks of resumable uploads, shared by every app instance through the database: one request at a
 * time writes an upload, whichever instance its bytes reach. A request that wants a lock another holds
 * asks the holder to let go (NOTIFY; the holder's instance has tus end that request, as a resumed upload
 * supersedes a stalled one) and takes it when freed; a crashed instance's lease lapses in seconds.
 */
export function databaseUploadLocker(deps: {
  db: Executor;
  events: Pick<EventBus, 'onUploadLockRelease'>;
  timing?: Partial<UploadLockTiming>;
}): Locker & { close(): void } {
  const timing = { ...UPLOAD_LOCKING, ...deps.timing };
  const locks = uploadLocksRepository(deps.db);
  /** This instance's held locks: how to ask each holder's request to let go. */
  const held = new Map<string, RequestRelease>();
  const stopHearing = deps.events.onUploadLockRelease((uploadId) => void held.get(uploadId)?.());

  const newLock = (uploadId: string): Lock => {
    const holder = crypto.randomUUID();
    let renewal: NodeJS.Timeout | undefined;
    return {
      async lock(signal, requestRelease) {
        const deadline = Date.now() + timing.acquireTimeoutMs;
        let asked = false;
        while (!(await locks.take(uploadId, holder, timing.leaseMs))) {
          if (signal.aborted || Date.now() > deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
          if (!asked) await locks.askRelease(uploadId);
          asked = true;
          await new Promise((resolve) => setTimeout(resolve, timing.retryMs));
        }
        held.set(uploadId, requestRelease);
        // A lease that lapsed (the database was out of reach for a while) may be another's now: stop writing.
        renewal = setInterval(() => {
          void locks.renew(uploadId, holder, timing.leaseMs).then(
            (kept) => kept || requestRelease(),
            () => undefined,
          );
        }, timing.renewMs);
        renewal.unref();
      },
      async unlock() {
        clearInterval(renewal);
        held.delete(uploadId);
        await locks.release(uploadId, holder);
      },
    };
  };

  return { newLock, close: stopHearing };
}
