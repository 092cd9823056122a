import 'dotenv/config';
import fs from 'node:fs';
import path from 'node:path';
import pino, { type Logger } from 'pino';
import { createCaptcha } from './adapters/captcha/captcha';
import { createEventBus } from './adapters/events/event-bus';
import { openCountryLookup } from './adapters/geo/country-lookup';
import { createMailer } from './adapters/mail/mailer';
import { createSmsSender } from './adapters/sms/sms-factory';
import { createStorage } from './adapters/storage/storage-factory';
import { cleanUpExpiredUploads, createUploadStore } from './adapters/uploads/upload-store-factory';
import { type App, buildApp } from './app';
import { resolveAuthSecret } from './auth-secret';
import { type AppConfig, ConfigError, loadConfig } from './config';
import { type Database, openDatabase } from './db/connection';
import { DataDirInUseError } from './db/data-dir-lock';
import { migrateToLatest } from './db/migrate';
import { AVATAR_IMPORT_QUEUE, type AvatarImportJob } from './jobs/avatar-import.job';
import { createQueue, ensureQueues } from './jobs/queue';
import { VIDEO_PREVIEW_QUEUE } from './jobs/video-preview.job';
import { processingQueueing, VIDEO_PROCESSING_QUEUE } from './jobs/video-processing.job';
import { startAvatarImports, startVideoWorkers, startYouTubePublishing } from './jobs/workers';
import { createAuth } from './plugins/auth';
import { captchaUsesRepository } from './repositories/captcha-uses.repository';
import type { Executor } from './repositories/executor';
import { isEmpty, renderDemoClips, seedDemoData } from './seed/seed';
import { type MailOutbox, mailOutbox } from './services/mail/mail-outbox';
import { noticeChannelsIn } from './services/mail/notice-channels';
import { videoStatusNotifier } from './services/videos/video-status-notifier';

/** How often each instance looks for mail that is due (a first attempt starts at once, on `send`). */
const OUTBOX_POLL_MS = 15_000;
/** How often payouts under way at the provider are read back (PayPal settles a payout in minutes to days). */
const PAYOUT_CHECK_MS = 10 * 60_000;
/** How often expired checkouts are looked for (a checkout takes payment for an hour). */
const CHECKOUT_SWEEP_MS = 60_000;

/**
 * The work every instance repeats on a timer, each run logged when it fails. Returns the timers a
 * shutdown clears: all but the hourly upload clean-up.
 */
function startPeriodicWork(
  app: App,
  config: AppConfig,
  outbox: MailOutbox,
  logger: Logger,
): NodeJS.Timeout[] {
  // Abandoned uploads expire after a day; their parts are removed every hour, and so are abandoned TV
  // submissions (with the thumbnail, signature and file they collected).
  const uploadCleanup = setInterval(
    () => {
      void cleanUpExpiredUploads(config).catch((error: unknown) =>
        logger.error({ err: error }, 'cleaning up expired uploads failed'),
      );
      void app.services.tvSubmissions
        .cleanUpExpired()
        .catch((error: unknown) => logger.error({ err: error }, 'cleaning up expired TV submissions failed'));
    },
    60 * 60 * 1000,
  );
  uploadCleanup.unref();
  // Payouts under way at the provider (PayPal) are read back every few minutes, so a payout that
  // completes or fails settles without an admin clicking Refresh. Each settle is a compare-and-set:
  // several instances checking at once settle a payout once.
  const payoutCheck = setInterval(() => {
    void app.services.withdrawalPayouts
      .refreshAll()
      .catch((error: unknown) => logger.error({ err: error }, 'reading payouts back failed'));
  }, PAYOUT_CHECK_MS);
  payoutCheck.unref();
  // Checkouts left unpaid past their expiry go back to their buyers to pay again (or cancel); each is a
  // compare-and-set on its session, so several instances sweeping at once reopen a request once.
  const checkoutExpiry = setInterval(() => {
    void app.services.licenseCheckout
      .expireCheckouts()
      .catch((error: unknown) => logger.error({ err: error }, 'expiring checkouts failed'));
  }, CHECKOUT_SWEEP_MS);
  checkoutExpiry.unref();
  // Every instance delivers what is due (a claimed mail is leased, so no two send it), and forgets old ones.
  const outboxDelivery = setInterval(() => {
    outbox.deliverSoon();
    void outbox
      .sweepSent()
      .catch((error: unknown) => logger.warn({ err: error }, 'sweeping sent mail failed'));
  }, OUTBOX_POLL_MS);
  outboxDelivery.unref();
  return [outboxDelivery, payoutCheck, checkoutExpiry];
}

/** What the console shows once the server listens: where it is, its database, and the demo login if any. */
function printBanner(config: AppConfig, database: Database, loginFile: string) {
  const banner = [
    '',
    `  Clipmarket is running at ${config.publicUrl}  (API docs: ${config.publicUrl}/api/docs)`,
    `  Database: ${database.kind === 'embedded' ? `embedded, in ${config.database.kind === 'embedded' ? config.database.dataDir : ''}` : 'PostgreSQL'}`,
  ];
  if (fs.existsSync(loginFile))
    banner.push(
      ...fs
        .readFileSync(loginFile, 'utf8')
        .trimEnd()
        .split('\n')
        .map((line) => `  ${line}`),
    );
  console.log(`${banner.join('\n')}\n`);
}

/** Starts the whole product: config, database (migrated, seeded when new), job queue, HTTP server. */
async function main() {
  const config = loadConfig();
  const logger = pino({ level: config.logLevel });
  const seedWanted =
    config.seedDemoData === 'true' || (config.seedDemoData === 'auto' && config.database.kind === 'embedded');
  // A first start of the embedded database: the demo's clips render while the database is being made.
  const earlyClips =
    seedWanted && config.database.kind === 'embedded' && !fs.existsSync(config.database.dataDir)
      ? renderDemoClips()
      : undefined;
  earlyClips?.catch(() => undefined); // awaited below when the seed runs; never an unhandled rejection

  const database = await openDatabase(config.database, (error) => {
    logger.fatal({ err: error }, 'lost the lock on the embedded database directory; stopping');
    process.exit(1);
  });
  const applied = await migrateToLatest(database.db);
  if (applied.length > 0) logger.info({ migrations: applied }, 'database migrated');

  const storage = createStorage(config, { secret: resolveAuthSecret(config) });
  const loginFile = path.join(config.dataDir, 'demo-login.txt');
  if (seedWanted && (await isEmpty(database.db))) {
    logger.info('empty database: creating demo data (a few seconds)');
    const seeded = await seedDemoData(database.db, storage, earlyClips);
    const login = `Admin login: ${seeded.adminEmail} / ${seeded.password}\n(The other demo accounts, listed in server/seed/demo-data.ts, use the same password.)\n`;
    // On PostgreSQL with S3 nothing else may have made DATA_DIR yet.
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(loginFile, login, { mode: 0o600 });
    logger.info({ users: seeded.users, videos: seeded.videos }, 'demo data created');
  }

  const queue = createQueue(database);
  queue.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await queue.start();
  // Readiness asks this: an instance whose queue stopped (an error, a shutdown) takes no more traffic.
  let queueRunning = true;
  queue.on('stopped', () => {
    queueRunning = false;
  });
  await ensureQueues(queue, [AVATAR_IMPORT_QUEUE, VIDEO_PROCESSING_QUEUE, VIDEO_PREVIEW_QUEUE]);
  await startAvatarImports(queue, { db: database.db, storage, social: config.social });

  const mailer = createMailer(config.mail, logger);
  // Notices (and auth's reset links) are rows first: a mail server that is down delays them, never loses them.
  const outbox = mailOutbox({ db: database.db, transport: mailer, now: () => new Date(), log: logger });
  const secret = resolveAuthSecret(config);
  // The captcha signs with keys derived from the same secret: one secret to configure and rotate.
  const captcha = createCaptcha({ secret, store: captchaUsesRepository(database.db) });
  const sms = createSmsSender(config.sms, { outboxDir: config.mail.outboxDir, logger });
  const geo = await openCountryLookup();
  const events = await createEventBus(database);
  const auth = createAuth({
    db: database.db,
    secret,
    publicUrl: config.publicUrl,
    trustedOrigins: config.trustedOrigins,
    mailer: outbox.mailer,
    social: config.social,
    onSocialPicture: async (userId, url, provider) => {
      const job = { userId, url, provider } satisfies AvatarImportJob;
      await queue.send(AVATAR_IMPORT_QUEUE, job, { retryLimit: 2 });
    },
  });
  // The jobs tell a video's owner of its new status (live and by e-mail) inside the transaction that sets
  // it: the mail waits in the outbox, so a mail server that is down never fails (and reruns) the job.
  const notifierIn = (trx: Executor) =>
    videoStatusNotifier({ ...noticeChannelsIn(trx, outbox), publicUrl: config.publicUrl });
  // Made here, not in buildApp, because the processing job moves a file a crashed instance left in it.
  const uploadStore = await createUploadStore(config);
  await startVideoWorkers(queue, {
    uploads: uploadStore,
    db: database.db,
    storage,
    logger,
    notifierIn,
    workDir: path.join(config.dataDir, 'processing'),
    previewConcurrency: config.previewConcurrency,
  });
  const enqueuePublishing = config.youtube
    ? await startYouTubePublishing(queue, config.youtube, { db: database.db, storage, logger, notifierIn })
    : undefined;
  const queueVideoProcessing = processingQueueing(queue);

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
    events,
    secret,
    queueVideoProcessing,
    uploadStore,
    enqueuePublishing,
    jobsRunning: () => queueRunning,
    logger,
  });
  // Sign-up and the upload agreement link to the terms: a fresh install publishes a sample to replace.
  if (await app.services.siteDocuments.publishSampleTermsIfNone())
    logger.info('no terms of service yet: published the sample for an admin to replace');
  const periodicTimers = startPeriodicWork(app, config, outbox, logger);

  let stopping = false;
  let step = 'requests in flight'; // what a shutdown is waiting for
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error({ step }, 'shutting down took more than 10 s; exiting');
      process.exit(1);
    }, 10_000).unref();
    for (const timer of periodicTimers) clearInterval(timer);
    // server.close() ends only the connections idle at that moment: one whose request was still running
    // (a live-events stream ends in preClose) would stay open for the whole keep-alive timeout after its
    // answer, holding the shutdown. Each is closed as soon as it falls idle.
    const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100);
    try {
      await app.close(); // stops accepting, waits for requests in flight (and a mail delivery under way)
      step = 'job queue';
      await queue.stop({ graceful: true, timeout: 5_000 });
      step = 'event bus';
      await events.close();
      step = 'database';
      await database.close();
    } catch (error) {
      logger.error({ err: error }, 'shutting down failed');
      process.exit(1);
    } finally {
      clearInterval(closeIdle);
    }
    clearTimeout(timer);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  printBanner(config, database, loginFile);
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DataDirInUseError) {
    console.error(`\n${error.message}\n`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
