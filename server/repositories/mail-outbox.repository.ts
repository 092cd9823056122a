import { MAIL_QUEUED_CHANNEL } from '../adapters/events/event-bus';
import type { Mail } from '../adapters/mail/mailer';
import type { Executor } from './executor';
import { notifyChannel } from './notify';

/** A mail waiting in the outbox, as the delivery worker sends it. */
export interface OutboxMail {
  id: string;
  mail: Mail;
  /** Delivery attempts so far, this one included. */
  attempts: number;
}

/** The mail outbox (migration 0014): notices are rows until the mail server takes them. */
export function mailOutboxRepository(db: Executor) {
  return {
    /**
     * Queues a mail; on a transaction's executor it exists only if that transaction commits. Every
     * instance hears of it at the commit (MAIL_QUEUED_CHANNEL), so one of them delivers it at once.
     */
    async add(mail: Mail, now: Date): Promise<string> {
      const row = await db
        .insertInto('mail_outbox')
        .values({
          recipient: mail.to,
          subject: mail.subject,
          text_body: mail.text,
          html_body: mail.html,
          headers: mail.headers ? JSON.stringify(mail.headers) : null,
          attachments: mail.attachments ? JSON.stringify(mail.attachments) : null,
          next_attempt_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await notifyChannel(db, MAIL_QUEUED_CHANNEL);
      return row.id;
    },

    /**
     * Takes up to `limit` due mails for one worker: each gets a lease until `leaseUntil` and one more
     * attempt, in one statement (`skip locked`), so two instances never take the same row. Mails that
     * have had `maxAttempts` stay for an operator to see (`last_error`).
     */
    async claimDue(options: { now: Date; leaseUntil: Date; limit: number; maxAttempts: number }) {
      const { now, leaseUntil, limit, maxAttempts } = options;
      const rows = await db
        .updateTable('mail_outbox')
        .set((eb) => ({ lease_until: leaseUntil, attempts: eb('attempts', '+', 1) }))
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('mail_outbox')
            .select('id')
            .where('sent_at', 'is', null)
            .where('next_attempt_at', '<=', now)
            .where('attempts', '<', maxAttempts)
            .where((w) => w.or([w('lease_until', 'is', null), w('lease_until', '<', now)]))
            .orderBy('next_attempt_at')
            .orderBy('created_at')
            .limit(limit)
            .forUpdate()
            .skipLocked(),
        )
        .returning([
          'id',
          'recipient',
          'subject',
          'text_body',
          'html_body',
          'headers',
          'attachments',
          'attempts',
          'created_at',
        ])
        .execute();
      // UPDATE ... RETURNING gives no order: mails to one person go out in the order they were written.
      rows.sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime());
      return rows.map(
        (row): OutboxMail => ({
          id: row.id,
          attempts: row.attempts,
          mail: {
            to: row.recipient,
            subject: row.subject,
            text: row.text_body,
            html: row.html_body,
            ...(row.headers && { headers: row.headers }),
            ...(row.attachments && { attachments: row.attachments }),
          },
        }),
      );
    },

    async markSent(id: string, now: Date): Promise<void> {
      await db
        .updateTable('mail_outbox')
        .set({ sent_at: now, lease_until: null, last_error: null })
        .where('id', '=', id)
        .execute();
    },

    /** The attempt failed: try again at `retryAt`. */
    async markFailed(id: string, error: string, retryAt: Date): Promise<void> {
      await db
        .updateTable('mail_outbox')
        .set({ next_attempt_at: retryAt, lease_until: null, last_error: error.slice(0, 1000) })
        .where('id', '=', id)
        .execute();
    },

    /**
     * The outbox's depth: mails not sent yet, those still being tried (`waiting`) and those given up
     * after `maxAttempts` (`failed`, kept for an operator to see).
     */
    async countUnsent(maxAttempts: number): Promise<{ waiting: number; failed: number }> {
      const row = await db
        .selectFrom('mail_outbox')
        .select((eb) => [
          eb.fn.countAll<string>().filterWhere('attempts', '<', maxAttempts).as('waiting'),
          eb.fn.countAll<string>().filterWhere('attempts', '>=', maxAttempts).as('failed'),
        ])
        .where('sent_at', 'is', null)
        .executeTakeFirstOrThrow();
      return { waiting: Number(row.waiting), failed: Number(row.failed) };
    },

    /** Forgets mails sent before `before` (the outbox is not an archive). */
    async deleteSentBefore(before: Date): Promise<void> {
      await db.deleteFrom('mail_outbox').where('sent_at', '<', before).execute();
    },
  };
}
