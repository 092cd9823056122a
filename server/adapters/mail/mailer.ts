import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, such as List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
  /** Files sent with it (a monthly statement's PDF), base64 so that the outbox keeps them as JSON. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

/** Our mail as nodemailer takes it: attachments in its own words. */
const message = ({ attachments, ...mail }: Mail) => ({
  ...mail,
  ...(attachments && {
    attachments: attachments.map((file) => ({
      filename: file.filename,
      contentType: file.contentType,
      content: file.contentBase64,
      encoding: 'base64',
    })),
  }),
});

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * With SMTP_URL, mail goes to that server. Without it, each message is written to the outbox folder as
 * an .eml file (any mail program opens it) and a log line says where, so a developer can read the codes.
 */
export function createMailer(
  options: { smtpUrl?: string; from: string; outboxDir: string },
  logger?: Logger,
): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, ...message(mail) });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...message(mail) });
      await fs.mkdir(options.outboxDir, { recursive: true });
      const safeTo = mail.to.replace(/[^a-z0-9@._-]/gi, '_');
      // The sequence keeps two mails of one millisecond (an outbox delivering a batch) apart, and in order.
      sequence += 1;
      const file = path.join(
        options.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${String(sequence).padStart(6, '0')}-${safeTo}.eml`,
      );
      await fs.writeFile(file, info.message as Buffer);
      logger?.info({ to: mail.to, subject: mail.subject, file }, 'mail written to the outbox');
    },
  };
}
