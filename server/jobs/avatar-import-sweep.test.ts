import crypto from 'node:crypto';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../tests/support/test-app';
import { createTestDatabase } from '../../tests/support/test-database';
import {
  AVATAR_IMPORT_QUEUE,
  type AvatarImportJob,
  queueAvatarImport,
  queueUnimportedAvatars,
} from './avatar-import.job';
import { createQueue, ensureQueues } from './queue';

/**
 * No lost avatar import: better-auth creates a social sign-up's user in its own transaction and the hook
 * queues the import after it, so the upkeep sweep queues it for a user left with the provider's picture
 * and no job. On pg-boss itself, on both databases; no worker runs, so every job stays where it is.
 */
let t: TestApp;
let queue: PgBoss;
const OWN = 'http://files.test/public/avatars/';
const now = new Date();
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
const sweep = () => queueUnimportedAvatars(queue, { db: t.db, ownPrefix: OWN, providers: ['google'], now });
const jobsOf = (userId: string) => queue.findJobs<AvatarImportJob>(AVATAR_IMPORT_QUEUE, { key: userId });

beforeAll(async () => {
  const database = await createTestDatabase();
  queue = createQueue(database);
  await queue.start();
  await ensureQueues(queue, [AVATAR_IMPORT_QUEUE]);
  t = await createTestApp({}, { database });
});
afterAll(async () => {
  await queue.stop({ graceful: false, close: false });
  await t.close();
});

/** A user as a social sign-up leaves it: the provider's account, a picture, signed up `minutes` ago. */
async function socialUser(options: { image: string; minutes: number; provider?: string }) {
  const user = await signUp(t, { email: `social-${crypto.randomUUID()}@example.com` });
  await t.db
    .updateTable('users')
    .set({ image: options.image, created_at: minutesAgo(options.minutes) })
    .where('id', '=', user.id)
    .execute();
  await t.db
    .insertInto('accounts')
    .values({
      id: crypto.randomUUID(),
      user_id: user.id,
      account_id: crypto.randomUUID(),
      provider_id: options.provider ?? 'google',
      created_at: now,
      updated_at: now,
    })
    .execute();
  return user.id;
}

it("queues, once, the import of a provider's picture that never had one", async () => {
  const url = 'https://lh3.googleusercontent.com/a/picture';
  const stranded = await socialUser({ image: url, minutes: 30 });
  expect(await sweep()).toContain(stranded);
  expect((await jobsOf(stranded)).map((job) => [job.state, job.data])).toEqual([
    ['created', { userId: stranded, url, provider: 'google' }],
  ]);
  // Queued now: the next sweep leaves it to the job.
  expect(await sweep()).not.toContain(stranded);
  expect(await jobsOf(stranded)).toHaveLength(1);
});

it('leaves alone a picture of ours, a sign-up the hook may still be queueing, an old one, and one already queued', async () => {
  const own = await socialUser({ image: `${OWN}someone.jpg`, minutes: 30 });
  const justNow = await socialUser({ image: 'https://lh3.googleusercontent.com/a/new', minutes: 1 });
  const lastWeek = await socialUser({
    image: 'https://lh3.googleusercontent.com/a/old',
    minutes: 7 * 24 * 60,
  });
  const otherProvider = await socialUser({
    image: 'https://example.net/p.jpg',
    minutes: 30,
    provider: 'github',
  });
  const queued = await socialUser({ image: 'https://lh3.googleusercontent.com/a/queued', minutes: 30 });
  await queueAvatarImport(queue, {
    userId: queued,
    url: 'https://lh3.googleusercontent.com/a/queued',
    provider: 'google',
  });

  const swept = await sweep();
  for (const userId of [own, justNow, lastWeek, otherProvider, queued]) expect(swept).not.toContain(userId);
  expect(await jobsOf(queued)).toHaveLength(1);
  expect(await jobsOf(justNow)).toHaveLength(0);
});
