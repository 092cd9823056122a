import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type CaptchaChallenge, createCaptcha } from '../../server/adapters/captcha/captcha';
import { solveCaptchaChallenge } from '../../server/adapters/captcha/captcha-solver';
import { createEventBus } from '../../server/adapters/events/event-bus';
import { type CountryLookup, openCountryLookup } from '../../server/adapters/geo/country-lookup';
import { createMailer } from '../../server/adapters/mail/mailer';
import type { PayoutProvider } from '../../server/adapters/payouts/payout-provider';
import { outboxSmsSender, readSmsOutbox } from '../../server/adapters/sms/outbox-sms';
import { smsOutboxDirIn } from '../../server/adapters/sms/sms-factory';
import { createStorage } from '../../server/adapters/storage/storage-factory';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { Database } from '../../server/db/connection';
import { createAuth } from '../../server/plugins/auth';
import { captchaUsesRepository } from '../../server/repositories/captcha-uses.repository';
import { mailOutbox } from '../../server/services/mail/mail-outbox';
import type { QueueVideoProcessing } from '../../server/services/uploads/upload-finish.service';
import type { EnqueuePublishing } from '../../server/services/videos/video-moderation.service';
import type { QueueStandingRequestMatching } from '../../server/services/videos/video-notices';
import { rememberedPasswordHashing } from './password-hashing';
import { createTestDatabase } from './test-database';

/** What a test request may carry: JSON, or the raw bytes of an upload. */
type InjectPayload = object | string | Buffer;

import { profileValues } from './valid-bodies';

export const TEST_SECRET = 'test-secret-that-is-long-enough-for-signing-0123456789';

/** The country database is read-only: one copy serves every app in a test file. */
let countryLookup: Promise<CountryLookup> | undefined;
let captchaFetches = 0;

/** A clock that starts at the real time and moves only when a test says so (expiry, daily limits). */
function testClock() {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms: number) {
      offset += ms;
    },
  };
}

/**
 * The whole server on a database of its own, driven with `app.inject` (real routing, validation,
 * auth and SQL; no listening socket). Close it in afterAll.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    webDir?: string;
    database?: Database;
    enqueuePublishing?: EnqueuePublishing;
    /** The processing job's queue (pg-boss in the claiming transaction); none by default. */
    queueVideoProcessing?: QueueVideoProcessing;
    /** The standing requests' matching job's queue; none by default (matched in the transaction). */
    queueStandingRequestMatching?: QueueStandingRequestMatching;
    /** Answers as slow as production: the answer-time floors of auth, and scrypt computed for every password. */
    steadyAuthAnswers?: boolean;
    /** A payout driver built by the test (PayPal against its stand-in, with a short timeout). */
    payouts?: PayoutProvider;
    /** Whether a job queue runs, as main.ts tells readiness; absent: none (the test app runs no jobs). */
    jobsRunning?: () => boolean;
  } = {},
) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'clipmarket-app-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
  // A database handed in is shared with another app (several instances); its owner closes it.
  const database = options.database ?? (await createTestDatabase());
  const storage = await createStorage(config, { secret: TEST_SECRET });
  const mailer = createMailer(config.mail);
  // Built before the app, as main.ts does: auth's mails go through it too. It reads the test clock, so a
  // test moves time past a retry's back-off and calls `deliverDue()`.
  const clock = testClock();
  const outbox = mailOutbox({ db: database.db, transport: mailer, now: clock.now });
  // The avatar imports auth asked for (production queues a job): tests check who may cause one.
  const socialPictures: { userId: string; url: string; provider: string }[] = [];
  const auth = createAuth({
    db: database.db,
    secret: TEST_SECRET,
    publicUrl: config.publicUrl,
    trustedOrigins: config.trustedOrigins,
    mailer: outbox.mailer,
    social: config.social,
    onSocialPicture: async (userId, url, provider) => {
      socialPictures.push({ userId, url, provider });
    },
    ...(!options.steadyAuthAnswers && { passwordHashing: rememberedPasswordHashing }),
  });
  // PBKDF2 cost 1: a test solves a challenge in well under 0.1 s, through the same code as production.
  const events = await createEventBus(database);
  const captcha = createCaptcha({
    secret: TEST_SECRET,
    store: captchaUsesRepository(database.db),
    cost: 1,
    now: clock.now,
  });
  // Always the outbox, whatever the env says: a test never texts anyone.
  const smsOutboxDir = smsOutboxDirIn(config.mail.outboxDir);
  const sms = outboxSmsSender({ dir: smsOutboxDir });
  countryLookup ??= openCountryLookup();
  const geo = await countryLookup;
  const app = await buildApp({
    config,
    database,
    storage,
    auth,
    mailer,
    mailOutbox: outbox,
    captcha,
    sms,
    geo,
    secret: TEST_SECRET,
    clock: clock.now,
    events,
    logger: false,
    // Sign-ups and reset requests take their production minimum only where a test measures it.
    ...(!options.steadyAuthAnswers && { authAnswerFloors: {} }),
    webDir: options.webDir ?? path.join(dataDir, 'web'),
    enqueuePublishing: options.enqueuePublishing,
    queueVideoProcessing: options.queueVideoProcessing,
    queueStandingRequestMatching: options.queueStandingRequestMatching,
    payouts: options.payouts,
    jobsRunning: options.jobsRunning,
  });
  await app.ready();
  let sent = 0;
  return {
    app,
    /**
     * A request as our own page sends it (the app's origin, the member's cookie), each from a client
     * address of its own unless one is given, so the per-address rate limits never meet each other.
     */
    send(
      method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
      url: string,
      request: {
        cookie?: string;
        payload?: InjectPayload;
        headers?: Record<string, string>;
        from?: string;
      } = {},
    ) {
      sent += 1;
      return app.inject({
        method,
        url,
        ...(request.payload !== undefined && { payload: request.payload }),
        headers: {
          origin: config.publicUrl,
          ...(request.cookie && { cookie: request.cookie }),
          ...request.headers,
        },
        remoteAddress: request.from ?? `10.150.${Math.floor(sent / 250) % 250}.${(sent % 250) + 1}`,
      });
    },
    config,
    database,
    db: database.db,
    storage,
    captcha,
    clock,
    outbox,
    socialPictures,
    sms,
    smsOutboxDir,
    geo,
    /** The SMS sent so far (the outbox driver's files), oldest first. */
    sentSms: () => readSmsOutbox(smsOutboxDir),
    /** Fetches a challenge from GET /api/captcha and solves it as the widget would: a payload to post. */
    async solveCaptcha(): Promise<string> {
      const response = await app.inject({
        method: 'GET',
        url: '/api/captcha',
        remoteAddress: `10.201.${Math.floor(++captchaFetches / 250) % 250}.${captchaFetches % 250}`, // clear of its rate limit
      });
      if (response.statusCode !== 200) {
        throw new Error(`captcha challenge failed: ${response.statusCode} ${response.body}`);
      }
      return solveCaptchaChallenge(response.json() as CaptchaChallenge);
    },
    events,
    async close() {
      await app.close();
      await events.close();
      if (!options.database) await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let signUps = 0;

/**
 * Signs up a user through the real auth endpoint and returns the session cookie with the user's id.
 * The display name is written afterwards, as the profile step would (the sign-up itself stores none).
 */
export async function signUp(testApp: TestApp, user: { email: string; password?: string; name?: string }) {
  const password = user.password ?? 'secret-password';
  // Clear of the sign-up and sign-in rate limits.
  const remoteAddress = `10.200.${Math.floor(++signUps / 250) % 250}.${signUps % 250}`;
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: testApp.config.publicUrl },
    remoteAddress,
    payload: { email: user.email, password, name: user.name ?? 'Test User' },
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  // A sign-up signs nobody in (its answer must not tell a new address from a taken one): sign in, as the
  // web app does right after.
  const signedIn = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: testApp.config.publicUrl },
    remoteAddress,
    payload: { email: user.email, password },
  });
  if (signedIn.statusCode !== 200) throw new Error(`sign-in failed: ${signedIn.statusCode} ${signedIn.body}`);
  const id = (signedIn.json() as { user: { id: string } }).user.id;
  // A password sign-up stores no name (it comes with the profile step); tests that want one on a user
  // who is not verified get it written here.
  await testApp.db
    .updateTable('users')
    .set({ name: user.name ?? 'Test User' })
    .where('id', '=', id)
    .execute();
  const cookie = [signedIn.headers['set-cookie']]
    .flat()
    .filter(Boolean)
    .map((c) => String(c).split(';')[0])
    .join('; ');
  return { cookie, id };
}

let phones = 0;
/**
 * Finishes a user's verification the way the modal would end it: e-mail and phone set in the database
 * (their own tests cover those steps), then the profile saved through the real endpoint.
 */
export async function makeVerified(testApp: TestApp, user: { id: string; cookie: string }, username: string) {
  await testApp.db
    .updateTable('users')
    .set({ email_verified: true, phone_number: `+3579${String(8_000_000 + ++phones)}` })
    .where('id', '=', user.id)
    .execute();
  const response = await testApp.app.inject({
    method: 'PUT',
    url: '/api/me/profile',
    headers: { origin: testApp.config.publicUrl, cookie: user.cookie },
    remoteAddress: `10.202.${Math.floor(phones / 250) % 250}.${phones % 250}`,
    payload: { ...profileValues(), username, name: `${username} Full`, bio: `${username} films things.` },
  });
  if (response.statusCode !== 200) throw new Error(`profile save failed: ${response.body}`);
}
