import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createUser, createVideo, type TestUser } from '../../tests/support/factories';
import { ledgerOf, licensableVideo, requestInCheckout, statusOf } from '../../tests/support/license-payments';
import { deliverSandboxEvent, signedEvent } from '../../tests/support/payments';
import { requestAs } from '../../tests/support/requests';
import { parseMail, startSmtpServer } from '../../tests/support/smtp';
import { createTestApp, signUp, type TestApp } from '../../tests/support/test-app';
import { retryDelayMs } from '../services/mail/mail-outbox';

/**
 * The mail server out of service while users act. A notice about something already done (a status
 * change, a decided suggestion, a reset link) must not turn the done thing into an error, and must not
 * be lost: it waits in the outbox and is delivered once the server is back. The verification code's own
 * outage (an error, and no code kept) is tested in email-verification.routes.test.ts.
 */
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
let send: ReturnType<typeof requestAs>;
let owner: TestUser;
let suggester: TestUser;
let moderator: TestUser;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url });
  send = requestAs(t);
  owner = await createUser(t, { verified: true });
  suggester = await createUser(t, { verified: true });
  moderator = await createUser(t, { rights: ['manage_videos'] });
});
afterEach(() => smtp.down(false));
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/**
 * What the outage did to the mails for `to`: none arrived while the server was down (the first attempt
 * failed and is kept with its error), none before the back-off has passed, and exactly one, with
 * `subject`, once the server is back and the retry is due.
 */
async function expectDeliveredAfterOutage(to: string, subject: string) {
  const mailsTo = () => smtp.received.filter((mail) => mail.to.includes(to));
  await t.outbox.deliverDue();
  expect(mailsTo()).toEqual([]);
  const waiting = await t.db
    .selectFrom('mail_outbox')
    .select(['attempts', 'last_error', 'sent_at'])
    .where('recipient', '=', to)
    .execute();
  expect(waiting).toEqual([{ attempts: 1, last_error: expect.any(String), sent_at: null }]);

  smtp.down(false);
  await t.outbox.deliverDue();
  expect(mailsTo()).toEqual([]); // not due yet: the first retry waits 30 s
  t.clock.advance(retryDelayMs(1) + 1000);
  expect(await t.outbox.deliverDue()).toBeGreaterThanOrEqual(1);
  expect(mailsTo()).toHaveLength(1);
  expect((await parseMail(mailsTo()[0]!)).subject).toBe(subject);
  await t.outbox.deliverDue();
  expect(mailsTo()).toHaveLength(1); // sent once, never again
}

const post = (url: string, payload: object, cookie?: string) => t.send('POST', url, { payload, cookie });

describe('with the mail server down', () => {
  it('a status change still succeeds and is recorded', async () => {
    const id = await createVideo(t.db, owner.id, { status: 'not_verified' });
    smtp.down(true);
    const response = await send('POST', `/api/videos/${id}/status`, moderator, {
      to: 'approved',
      reason: '',
    });
    expect(response.statusCode).toBe(200);
    const changes = await t.db
      .selectFrom('video_status_changes')
      .selectAll()
      .where('video_id', '=', id)
      .execute();
    expect(changes).toMatchObject([
      { from_status: 'not_verified', to_status: 'approved' },
      { from_status: 'approved', to_status: 'ready' },
    ]);
    await expectDeliveredAfterOutage(owner.email, 'Your video “Harbour at dawn” is ready for licensing');
  });

  it('applying an edit suggestion still succeeds', async () => {
    const id = await createVideo(t.db, owner.id);
    const created = await send('POST', `/api/videos/${id}/edit_suggestions`, suggester, {
      title: 'Harbour at dawn, in Limassol',
      description: 'Boats leaving at first light.',
      keywords: '',
      externalUrl: '',
    });
    expect(created.statusCode).toBe(201);
    smtp.down(true);
    const applied = await send('POST', `/api/video_edits/${created.json().id}/apply`, moderator, {});
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toMatchObject({ status: 'applied' });
    await expectDeliveredAfterOutage(
      suggester.email,
      'Your edit of “Harbour at dawn, in Limassol” was applied',
    );
  });

  it("a paid license is still completed with its ledger rows when the creator's e-mail cannot go", async () => {
    const buyer = await createUser(t, { verified: true });
    const creator = await createUser(t, { verified: true });
    const video = await licensableVideo(t, creator.id);
    const { requestId, sessionId } = await requestInCheckout(t, buyer, video);
    smtp.down(true);
    const event = signedEvent(t, {
      type: 'completed',
      sessionId,
      requestId,
      amountCents: 4900,
      currency: 'EUR',
    });
    const response = await deliverSandboxEvent(t, event);
    expect(response.statusCode).toBe(200);
    expect(response.json().outcome).toBe('completed');
    expect(await statusOf(t, requestId)).toBe('completed');
    expect((await ledgerOf(t, requestId)).map((row) => row.type)).toEqual([
      'video_license_purchase',
      'video_license_sale',
    ]);
    const title = (
      await t.db.selectFrom('videos').select('title').where('id', '=', video).executeTakeFirstOrThrow()
    ).title;
    await expectDeliveredAfterOutage(creator.email, `You sold a license for “${title}”`);
  });

  it('a password-reset request answers as for any address, and its link arrives when the server is back', async () => {
    await signUp(t, { email: 'reset-outage@example.com' });
    smtp.down(true);
    const response = await post('/api/auth/request-password-reset', { email: 'reset-outage@example.com' });
    expect(response.statusCode).toBe(200);
    await expectDeliveredAfterOutage('reset-outage@example.com', 'Reset your Clipmarket password');
  });

  it('confirming a new e-mail changes nothing when the old address cannot be told; a new link works later', async () => {
    const user = await signUp(t, { email: 'move-outage@example.com', password: 'move-password' });
    const confirmationCode = async () => {
      const asked = await post(
        '/api/account/email',
        { newEmail: 'moved-outage@example.com', password: 'move-password' },
        user.cookie,
      );
      expect(asked.statusCode).toBe(202);
      const mail = smtp.received.filter((m) => m.to.includes('moved-outage@example.com')).at(-1);
      const text = (await parseMail(mail!)).text ?? '';
      return new URL(/https?:\/\/\S+oobCode=\S+/.exec(text)![0]).searchParams.get('oobCode')!;
    };
    const emailOf = async () =>
      (await t.db.selectFrom('users').select('email').where('id', '=', user.id).executeTakeFirstOrThrow())
        .email;

    const first = await confirmationCode();
    smtp.down(true);
    const refused = await post('/api/auth-actions/verify-email', { code: first });
    expect(refused.statusCode).toBe(500);
    expect(await emailOf()).toBe('move-outage@example.com');

    smtp.down(false);
    const second = await confirmationCode();
    const confirmed = await post('/api/auth-actions/verify-email', { code: second });
    expect(confirmed.json()).toEqual({ email: 'moved-outage@example.com' });
    expect(await emailOf()).toBe('moved-outage@example.com');
    expect(smtp.received.some((m) => m.to.includes('move-outage@example.com'))).toBe(true);
  });
});
