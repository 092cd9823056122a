import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../../../tests/support/smtp';
import { actionMail } from '../../services/mail/mail-templates';
import { createMailer } from './mailer';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());

describe('mailer', () => {
  it('delivers through SMTP, in plain text and HTML', async () => {
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: 'Clipmarket <no-reply@example.com>',
      outboxDir: '/nowhere',
    });
    await mailer.send(
      actionMail('resetPassword', {
        to: 'ana@example.com',
        language: 'en',
        url: 'http://localhost/?mode=resetPassword&oobCode=abc',
      }),
    );
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.to).toEqual(['ana@example.com']);
    expect(mail?.from).toBe('no-reply@example.com');
    expect(mail?.raw).toContain('Subject: Reset your Clipmarket password');
    expect(mail?.raw).toContain('Content-Type: text/plain');
    expect(mail?.raw).toContain('Content-Type: text/html');
  });

  it('writes each message to the outbox when no SMTP server is configured', async () => {
    const outboxDir = await fs.mkdtemp(path.join(os.tmpdir(), 'outbox-'));
    const mailer = createMailer({ from: 'Clipmarket <no-reply@example.com>', outboxDir });
    await mailer.send(
      actionMail('resetPassword', {
        to: 'eleni@example.com',
        language: 'en',
        url: 'http://localhost/?mode=resetPassword&oobCode=xyz',
      }),
    );
    const files = await fs.readdir(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/eleni@example\.com\.eml$/);
    const eml = await fs.readFile(path.join(outboxDir, files[0]!), 'utf8');
    expect(eml).toContain('To: eleni@example.com');
    expect(eml).toMatch(/oobCode(=3D|=)xyz/); // quoted-printable may encode the '='
    await fs.rm(outboxDir, { recursive: true, force: true });
  });
});

describe('mail templates', () => {
  it('speak the recipient’s language and escape what they embed', () => {
    const greek = actionMail('resetPassword', {
      to: 'x@example.com',
      language: 'el',
      url: 'http://h/?a=1&b=<2>',
    });
    expect(greek.subject).toBe('Επαναφορά του κωδικού σας στο Clipmarket');
    expect(greek.text).toContain('http://h/?a=1&b=<2>');
    expect(greek.html).toContain('http://h/?a=1&#38;b=&#60;2&#62;');
    expect(greek.html).not.toContain('<2>');
  });
});
