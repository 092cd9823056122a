import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import { type SmsMessage, SmsSendError, type SmsSender } from './sms';

/** One message as the outbox driver stores it. */
export interface OutboxSms extends SmsMessage {
  sentAt: string;
}

const E164 = /^\+[1-9]\d{6,14}$/;

/**
 * Writes each message to `dir` as `<timestamp>-<to>.json` and logs the file, so codes reach a developer
 * without an SMS provider. Names sort in sending order; a second message in the same millisecond gets
 * the next millisecond rather than overwriting the first.
 */
export function outboxSmsSender(options: { dir: string; logger?: Logger }): SmsSender {
  let lastStamp = 0;
  return {
    async send(message) {
      // A number the real provider would refuse is refused here too, so development sees that path.
      if (!E164.test(message.to)) {
        throw new SmsSendError('invalid-phone-number', `not an E.164 phone number: ${message.to}`);
      }
      await fs.mkdir(options.dir, { recursive: true });
      const sentAt = new Date();
      const record: OutboxSms = { to: message.to, body: message.body, sentAt: sentAt.toISOString() };
      const content = `${JSON.stringify(record, null, 2)}\n`;
      for (let stamp = Math.max(sentAt.getTime(), lastStamp + 1); ; stamp++) {
        const time = new Date(stamp).toISOString().replace(/[:.]/g, '-');
        const file = path.join(options.dir, `${time}-${message.to}.json`); // E.164 is safe in a file name
        try {
          await fs.writeFile(file, content, { flag: 'wx' }); // 'wx': never overwrite an earlier message
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
          throw error;
        }
        lastStamp = stamp;
        options.logger?.info({ to: message.to, file }, 'SMS written to the outbox');
        return;
      }
    },
  };
}

/** The messages in an outbox folder, oldest first (for tests and for a developer's scripts). */
export async function readSmsOutbox(dir: string): Promise<OutboxSms[]> {
  const names = await fs.readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const files = names.filter((name) => name.endsWith('.json')).sort();
  return Promise.all(
    files.map(async (name) => JSON.parse(await fs.readFile(path.join(dir, name), 'utf8')) as OutboxSms),
  );
}
