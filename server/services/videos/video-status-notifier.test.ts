import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, createVideo } from '../../../tests/support/factories';
import { parseMail, startSmtpServer } from '../../../tests/support/smtp';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import type { UserEvent } from '../../adapters/events/event-bus';
import { createMailer } from '../../adapters/mail/mailer';
import { videoStatusNotifier } from './video-status-notifier';

/** What the owner hears once processing has decided: a live event and an e-mail in their language. */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const notifier = () =>
  videoStatusNotifier({
    db: t.db,
    mailer: createMailer({ smtpUrl: smtp.url, from: 'test@example.com', outboxDir: '' }),
    events: t.events,
    publicUrl: t.config.publicUrl,
  });

describe('videoStatusNotifier', () => {
  it.each([
    ['not_verified', null, 'en', 'We received your video “Harbour at dawn”', 'not_verified'],
    ['duplicate', null, 'el', 'Το «Harbour at dawn» υπάρχει ήδη στο Clipmarket', 'duplicate'],
    ['not_uploaded', 'NOT_A_VIDEO', 'en', 'We could not read “Harbour at dawn” as a video', 'error'],
    ['yt_removed', null, 'en', 'Your video “Harbour at dawn” was rejected by YouTube', 'yt_removed'],
    ['yt_removed', null, 'el', 'Το βίντεό σας «Harbour at dawn» απορρίφθηκε από το YouTube', 'yt_removed'],
  ])('status %s (%s) in %s', async (status, processingError, language, subject, eventStatus) => {
    const owner = await createUser(t, { email: `owner-${status}@example.com`, language });
    const id = await createVideo(t.db, owner.id, {
      title: 'Harbour at dawn',
      status,
      processing_error: processingError,
    });
    const heard: UserEvent[] = [];
    const unsubscribe = t.events.subscribe(owner.id, (event) => heard.push(event));
    try {
      await notifier().notify(id);
      for (let i = 0; i < 50 && heard.length === 0; i++)
        await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      unsubscribe();
    }
    expect(heard).toEqual([
      { type: 'video-status', videoId: id, title: 'Harbour at dawn', status: eventStatus },
    ]);
    const mail = await parseMail(smtp.received.at(-1)!);
    expect(mail.subject).toBe(subject);
    // A video YouTube removed is gone for good: its mail leads to the upload page instead (SPEC 4.1).
    expect(mail.text).toContain(
      status === 'yt_removed' ? `${t.config.publicUrl}/videos/upload` : `${t.config.publicUrl}/videos/${id}`,
    );
  });

  it('sends no mail to a system account (the TV page owner, under .invalid), only the live event', async () => {
    const id = await createVideo(t.db, 'tv-owner', { title: 'From the TV page', status: 'not_verified' });
    const before = smtp.received.length;
    await notifier().notify(id);
    expect(smtp.received.length).toBe(before);
  });
});
