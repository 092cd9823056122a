import crypto from 'node:crypto';
import { expect, it } from 'vitest';
import { setUpTwoInstances } from '../../../tests/support/set-up-test-app';
import type { TestApp } from '../../../tests/support/test-app';
import { uploadLocksRepository } from '../../repositories/upload-locks.repository';
import { databaseUploadLocker } from './upload-locker';

/**
 * tus's upload locks across two app instances on one database: one writer per upload, a waiter asks the
 * holder (on the other instance) to let go, and a dead holder's lease lapses.
 */
const { one, two } = setUpTwoInstances();

const timing = { leaseMs: 1_000, renewMs: 200, retryMs: 20, acquireTimeoutMs: 3_000 };
const lockerOf = (t: TestApp, overrides: Partial<typeof timing> = {}) =>
  databaseUploadLocker({ db: t.db, events: t.events, timing: { ...timing, ...overrides } });
const uploadId = () => crypto.randomBytes(16).toString('hex');
const never = new AbortController().signal;

it("asks the other instance's holder to let go, and takes the lock once it has", async () => {
  const id = uploadId();
  const first = lockerOf(one).newLock(id);
  const order: string[] = [];
  await first.lock(never, async () => {
    order.push('asked to let go');
    await first.unlock();
  });
  order.push('first holds it');
  await lockerOf(two)
    .newLock(id)
    .lock(never, () => {});
  order.push('second holds it');
  expect(order).toEqual(['first holds it', 'asked to let go', 'second holds it']);
});

it('keeps the lock while the holder renews it, and times out a waiter the holder does not free', async () => {
  const id = uploadId();
  // Leases of 3 s renewed every 0.3 s: beside the whole suite a renewal once took over the 0.8 s that a
  // 1 s lease leaves it (on the embedded database both instances share one connection with the waiter).
  const lease = { leaseMs: 3_000, renewMs: 300 };
  const holder = lockerOf(one, lease).newLock(id);
  await holder.lock(never, () => {}); // a holder that will not let go before it is done
  const started = Date.now();
  const waiter = lockerOf(two, { ...lease, retryMs: 50, acquireTimeoutMs: 4_000 }).newLock(id);
  // Longer than a lease: only the renewals keep the first holder's lock.
  await expect(waiter.lock(never, () => {})).rejects.toMatchObject({ status_code: 500 });
  expect(Date.now() - started).toBeGreaterThanOrEqual(4_000);
  await holder.unlock();
  await waiter.lock(never, () => {});
  await waiter.unlock();
});

it("takes over a dead instance's lock once its lease lapsed", async () => {
  const id = uploadId();
  // A holder that took the lock and died: no renewals, nobody to ask. The clock starts before the lock is
  // taken: on a loaded machine the take's answer can arrive when most of the lease has already passed.
  const started = Date.now();
  expect(await uploadLocksRepository(one.db).take(id, 'dead-instance', 300)).toBe(true);
  await lockerOf(two)
    .newLock(id)
    .lock(never, () => {});
  expect(Date.now() - started).toBeGreaterThanOrEqual(250);
});

it('stops waiting when the waiting request is aborted', async () => {
  const id = uploadId();
  await lockerOf(one)
    .newLock(id)
    .lock(never, () => {});
  const aborted = new AbortController();
  const waiting = lockerOf(two)
    .newLock(id)
    .lock(aborted.signal, () => {});
  aborted.abort();
  await expect(waiting).rejects.toBeDefined();
});
