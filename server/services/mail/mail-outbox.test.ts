import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/support/test-database';
import type { Mail, Mailer } from '../../adapters/mail/mailer';
import type { Database } from '../../db/connection';
import { inTransaction } from '../../repositories/executor';
import { mailOutbox, OUTBOX_DELIVERY, retryDelayMs } from './mail-outbox';

/** A mail server stand-in that records what it accepted and can be out of service. */
function fakeTransport(options: { delayMs?: number } = {}) {
  const accepted: Mail[] = [];
  let down = false;
  const transport: Mailer = {
    async send(mail) {
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      if (down) throw new Error('connect ECONNREFUSED');
      accepted.push(mail);
    },
  };
  return { transport, accepted, setDown: (value: boolean) => (down = value) };
}

const mail = (to: string): Mail => ({ to, subject: `For ${to}`, text: 'Hello', html: '<p>Hello</p>' });

let database: Database;
let time = Date.parse('2026-11-25T10:00:00Z');
const now = () => new Date(time);
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.db.deleteFrom('mail_outbox').execute();
});

describe('the mail outbox', () => {
  it('waits 30 s after the first failure, doubling up to an hour', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(20)).toBe(OUTBOX_DELIVERY.maxRetryMs);
  });

  it('delivers a sent mail once, and keeps trying while the server is down', async () => {
    const server = fakeTransport();
    const outbox = mailOutbox({ db: database.db, transport: server.transport, now });
    server.setDown(true);
    await outbox.mailer.send(mail('a@example.com'));
    await outbox.idle();
    expect(server.accepted).toEqual([]);

    time += retryDelayMs(1) + 1;
    await outbox.deliverDue(); // the second attempt, still down
    time += retryDelayMs(2) - 1000;
    server.setDown(false);
    expect(await outbox.deliverDue()).toBe(0); // the third is not due yet
    time += 1000;
    expect(await outbox.deliverDue()).toBe(1);
    expect(server.accepted.map((m) => m.to)).toEqual(['a@example.com']);
    const row = await database.db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ attempts: 3, last_error: null });
    expect(row.sent_at).not.toBeNull();
    time += OUTBOX_DELIVERY.maxRetryMs;
    expect(await outbox.deliverDue()).toBe(0);
  });

  it('keeps a mail queued in a transaction only if the transaction commits', async () => {
    const server = fakeTransport();
    const outbox = mailOutbox({ db: database.db, transport: server.transport, now });
    await inTransaction(database.db, (trx) => outbox.enqueue(trx, mail('kept@example.com')));
    await expect(
      inTransaction(database.db, async (trx) => {
        await outbox.enqueue(trx, mail('dropped@example.com'));
        throw new Error('the rest of the work failed');
      }),
    ).rejects.toThrow('the rest of the work failed');
    await outbox.deliverDue();
    expect(server.accepted.map((m) => m.to)).toEqual(['kept@example.com']);
  });

  it('sends each mail once when two instances deliver at the same time', async () => {
    const server = fakeTransport({ delayMs: 5 });
    const one = mailOutbox({ db: database.db, transport: server.transport, now });
    const two = mailOutbox({ db: database.db, transport: server.transport, now });
    const rows = mailOutbox({ db: database.db, transport: fakeTransport().transport, now });
    for (let i = 0; i < 30; i++) await rows.enqueue(database.db, mail(`m${i}@example.com`));
    const [a, b] = await Promise.all([one.deliverDue(), two.deliverDue()]);
    expect(a + b).toBe(30);
    expect(server.accepted.map((m) => m.to).sort()).toEqual(
      Array.from({ length: 30 }, (_, i) => `m${i}@example.com`).sort(),
    );
  });

  it('lets another instance retry a mail whose worker stopped mid-delivery, once the lease is over', async () => {
    const server = fakeTransport();
    const outbox = mailOutbox({ db: database.db, transport: server.transport, now });
    await outbox.enqueue(database.db, mail('stranded@example.com'));
    // A worker claimed it and died before marking it (the lease moved forward, nothing was sent).
    await database.db
      .updateTable('mail_outbox')
      .set({ lease_until: new Date(time + OUTBOX_DELIVERY.leaseMs), attempts: 1 })
      .execute();
    expect(await outbox.deliverDue()).toBe(0);
    time += OUTBOX_DELIVERY.leaseMs + 1;
    expect(await outbox.deliverDue()).toBe(1);
    expect(server.accepted.map((m) => m.to)).toEqual(['stranded@example.com']);
  });
});
