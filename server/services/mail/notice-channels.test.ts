import { expect, it } from 'vitest';
import { createUser, createVideo } from '../../../tests/support/factories';
import { setUpSmtpServer, setUpTestApp } from '../../../tests/support/set-up-test-app';
import type { UserEvent } from '../../adapters/events/event-bus';
import { inTransaction } from '../../repositories/executor';
import { videoStatusNotifier } from '../videos/video-status-notifier';
import { noticeChannelsIn } from './notice-channels';

/**
 * A notice is written in the transaction of the change it tells about: it exists, and is heard, exactly
 * when that change commits. The mail is then delivered at once by the instance that hears of it (the
 * commit's NOTIFY), nobody asking.
 */
const smtp = setUpSmtpServer();
const t = setUpTestApp(() => ({ SMTP_URL: smtp.url }));

const until = async (done: () => boolean) => {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
};

async function ownerWithVideo(email: string) {
  const owner = await createUser(t, { email });
  const videoId = await createVideo(t.db, owner.id, { title: 'Harbour at dawn', status: 'approved' });
  const heard: UserEvent[] = [];
  const stop = t.events.subscribe(owner.id, (event) => heard.push(event));
  const notifyIn = (trx: Parameters<typeof noticeChannelsIn>[0]) =>
    videoStatusNotifier({
      ...noticeChannelsIn(trx, t.app.services.mailOutbox),
      publicUrl: t.config.publicUrl,
    }).notify(videoId);
  return { heard, stop, notifyIn };
}

const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));

it('a notice whose transaction rolls back is neither heard nor mailed nor kept', async () => {
  const owner = await ownerWithVideo('rolled-back@example.com');
  const change = inTransaction(t.db, async (trx) => {
    await owner.notifyIn(trx);
    throw new Error('the change failed');
  });
  await expect(change).rejects.toThrow('the change failed');
  // A committed notice to someone else, after it: once that one arrives, the first would have too.
  const other = await ownerWithVideo('after@example.com');
  await inTransaction(t.db, (trx) => other.notifyIn(trx));
  await until(() => mailsTo('after@example.com').length === 1 && other.heard.length === 1);
  expect(mailsTo('after@example.com')).toHaveLength(1);
  expect(owner.heard).toEqual([]);
  expect(mailsTo('rolled-back@example.com')).toEqual([]);
  const kept = await t.db
    .selectFrom('mail_outbox')
    .select('recipient')
    .where('recipient', '=', 'rolled-back@example.com')
    .execute();
  expect(kept).toEqual([]);
  owner.stop();
  other.stop();
});

it('a committed notice is heard live and its mail delivered once, with nobody asking for a delivery', async () => {
  const owner = await ownerWithVideo('committed@example.com');
  await inTransaction(t.db, (trx) => owner.notifyIn(trx));
  await until(() => mailsTo('committed@example.com').length > 0 && owner.heard.length > 0);
  expect(owner.heard).toMatchObject([{ type: 'video-status', status: 'approved' }]);
  expect(mailsTo('committed@example.com')).toHaveLength(1);
  owner.stop();
});
