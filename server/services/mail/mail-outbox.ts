import type { FastifyBaseLogger } from 'fastify';
import type { Mail, Mailer } from '../../adapters/mail/mailer';
import type { Executor } from '../../repositories/executor';
import { mailOutboxRepository } from '../../repositories/mail-outbox.repository';

/** Delivery tuning: the first retry after 30 s, doubling up to an hour; about a day of tries in all. */
export const OUTBOX_DELIVERY = {
  firstRetryMs: 30_000,
  maxRetryMs: 60 * 60 * 1000,
  maxAttempts: 30,
  /** How long a worker may hold a mail before another instance may try it (a crashed worker's). */
  leaseMs: 5 * 60 * 1000,
  batch: 20,
  keepSentMs: 7 * 24 * 60 * 60 * 1000,
} as const;

/** The wait after a mail's `attempts`-th failed attempt. */
export function retryDelayMs(attempts: number): number {
  const doubled = OUTBOX_DELIVERY.firstRetryMs * 2 ** Math.max(0, attempts - 1);
  return Math.min(OUTBOX_DELIVERY.maxRetryMs, doubled);
}

/**
 * The durable way to send a notice. `mailer.send(mail)` (the same `Mailer` every caller knows) writes
 * the mail to the outbox and starts a delivery at once, without waiting for it; a mail the server
 * refused is retried with back-off by `deliverDue`, which main.ts runs on a timer on every instance.
 * `send` uses the pool: inside a transaction, use `enqueue(trx, mail)` or `within(trx)` instead (on the
 * embedded database the pool's one connection is the transaction's, so `send` would wait for it forever).
 */
export function mailOutbox(deps: {
  db: Executor;
  /** The mail server (SMTP, or the .eml folder in development). */
  transport: Mailer;
  now: () => Date;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}) {
  let delivering: Promise<number> | null = null;
  let again = false;

  async function deliverOnce(): Promise<number> {
    const rows = mailOutboxRepository(deps.db);
    const now = deps.now();
    const due = await rows.claimDue({
      now,
      leaseUntil: new Date(now.getTime() + OUTBOX_DELIVERY.leaseMs),
      limit: OUTBOX_DELIVERY.batch,
      maxAttempts: OUTBOX_DELIVERY.maxAttempts,
    });
    let sent = 0;
    for (const item of due) {
      try {
        await deps.transport.send(item.mail);
        await rows.markSent(item.id, deps.now());
        sent++;
      } catch (error) {
        const retryAt = new Date(deps.now().getTime() + retryDelayMs(item.attempts));
        deps.log?.warn(
          { err: error, mailId: item.id, attempts: item.attempts },
          'mail not delivered; retrying',
        );
        await rows.markFailed(item.id, error instanceof Error ? error.message : String(error), retryAt);
      }
    }
    return sent;
  }

  /** Sends every due mail; one delivery at a time per instance (a call during one runs it again after). */
  function deliverDue(): Promise<number> {
    if (delivering) {
      again = true;
      return delivering;
    }
    delivering = (async () => {
      let total = 0;
      do {
        again = false;
        total += await deliverOnce();
      } while (again);
      return total;
    })().finally(() => {
      delivering = null;
    });
    return delivering;
  }

  function deliverSoon(): void {
    deliverDue().catch((error: unknown) => deps.log?.error({ err: error }, 'mail outbox delivery failed'));
  }

  return {
    /** The `Mailer` for notices: durable, and never fails because the mail server is down. */
    mailer: {
      async send(mail: Mail) {
        await mailOutboxRepository(deps.db).add(mail, deps.now());
        deliverSoon();
      },
    } satisfies Mailer,
    /**
     * Queues a mail inside the caller's transaction: it exists only if the transaction commits, and is
     * delivered then (the commit announces it to every instance: MAIL_QUEUED_CHANNEL).
     */
    async enqueue(trx: Executor, mail: Mail): Promise<void> {
      await mailOutboxRepository(trx).add(mail, deps.now());
    },
    /** The `Mailer` of notices inside a transaction (`enqueue` for each mail). */
    within(trx: Executor): Mailer {
      return { send: (mail) => this.enqueue(trx, mail) };
    },
    deliverDue,
    deliverSoon,
    /** Waits for a delivery in progress (shutdown, tests). */
    async idle(): Promise<void> {
      await delivering?.catch(() => undefined);
    },
    /** Forgets mails sent more than a week ago. */
    async sweepSent(): Promise<void> {
      await mailOutboxRepository(deps.db).deleteSentBefore(
        new Date(deps.now().getTime() - OUTBOX_DELIVERY.keepSentMs),
      );
    },
  };
}
export type MailOutbox = ReturnType<typeof mailOutbox>;
