import 'dotenv/config';
import fs from 'node:fs';
import path from 'node:path';
import type { PgBoss } from 'pg-boss';
import pino, { type Logger } from 'pino';
import { createCaptcha } from './adapters/captcha/captcha';
import { createEventBus } from './adapters/events/event-bus';
import { openCountryLookup } from './adapters/geo/country-lookup';
import { createMailer } from './adapters/mail/mailer';
import { createSmsSender } from './adapters/sms/sms-factory';
import type { Storage } from './adapters/storage/storage';
import { createStorage } from './adapters/storage/storage-factory';
import { cleanUpExpiredUploads, createUploadStore } from './adapters/uploads/upload-store-factory';
import { type App, buildApp } from './app';
import { resolveAuthSecret } from './auth-secret';
import { type AppConfig, ConfigError, loadConfig } from './config';
import { type Database, openDatabase } from './db/connection';
import { DataDirInUseError } from './db/data-dir-lock';
import { migrateToLatest } from './db/migrate';
import {
  AVATAR_IMPORT_QUEUE,
  type AvatarImportJob,
  ownAvatarPrefix,
  queueAvatarImport,
  queueUnimportedAvatars,
} from './jobs/avatar-import.job';
import { createQueue, ensureQueues, traced } from './jobs/queue';
import { deleteStaleRows } from './jobs/stale-rows.job';
import {
  STANDING_REQUEST_MATCHING_QUEUE,
  standingRequestMatchingQueueing,
  startStandingRequestMatching,
} from './jobs/standing-request-matching.job';
import { requeueStrandedVideos } from './jobs/stranded-videos.job';
import { makeMissingThumbnailVariants } from './jobs/thumbnail-variants.job';
import { startUpkeep, type UpkeepTask } from './jobs/upkeep';
import { VIDEO_PREVIEW_QUEUE } from './jobs/video-preview.job';
import { processingQueueing, VIDEO_PROCESSING_QUEUE } from './jobs/video-processing.job';
import { startAvatarImports, startVideoWorkers, startYouTubePublishing } from './jobs/workers';
import { createAuth } from './plugins/auth';
import { captchaUsesRepository } from './repositories/captcha-uses.repository';
import type { Executor } from './repositories/executor';
import { isEmpty, renderDemoClips, seedDemoData } from './seed/seed';
import { type MailOutbox, mailOutbox } from './services/mail/mail-outbox';
import { standingRequestsToldIn, videoNoticesIn } from './services/videos/video-notices';

/** How often each instance looks for mail that is due (a first attempt starts at once, on `send`). */
const OUTBOX_POLL_MS = 15_000;

/**
 * The periodic upkeep, each a pg-boss schedule run by one instance per slot (jobs/upkeep.ts). Every
 * step is also safe to run twice (compare-and-set, or idempotent deletes), should a slot ever repeat.
 */
function upkeepTasks(deps: {
  app: App;
  config: AppConfig;
  outbox: MailOutbox;
  queue: PgBoss;
  db: Executor;
  storage: Storage;
  logger: Logger;
}): UpkeepTask[] {
  const { app, config, outbox, queue, logger } = deps;
  return [
    // Payouts under way at the provider (PayPal) are read back, so a payout that completes or fails
    // settles without an admin clicking Refresh.
    { name: 'payouts', cron: '*/10 * * * *', run: () => app.services.withdrawalPayouts.refreshAll() },
    // Checkouts left unpaid past their expiry go back to their buyers to pay again (or cancel).
    { name: 'checkouts', cron: '* * * * *', run: () => app.services.licenseCheckout.expireCheckouts() },
    // Abandoned uploads expire after a day: their parts go, and so do abandoned TV submissions (with
    // the thumbnail, signature and file they collected).
    {
      name: 'uploads',
      cron: '7 * * * *',
      run: () => Promise.all([cleanUpExpiredUploads(config), app.services.tvSubmissions.cleanUpExpired()]),
    },
    { name: 'sent-mail', cron: '23 * * * *', run: () => outbox.sweepSent() },
    // Last month's statement to each member with movements or a balance, from the first at 06:00 UTC;
    // hourly until the third, so a slot no instance was up for, or a statement that failed, is sent
    // later (a run that reached everyone ends the month's: the next ones read one row).
    {
      name: 'monthly-statements',
      cron: '0 6-23 1-3 * *',
      run: () => app.services.statements.mailLastMonth(),
    },
    // Standing requests' e-mails held back by their gap (an hour at once, a day for a digest).
    {
      name: 'standing-request-mail',
      cron: '*/5 * * * *',
      run: () => app.services.standingRequests.mailDue(),
    },
    // Views of the last minute into the daily totals (issue 35), and marks older than a month away.
    { name: 'views', cron: '* * * * *', run: () => app.services.videoViews.tally() },
    // better-auth's idle rate-limit counters and the locks of uploads whose holder crashed.
    { name: 'stale-rows', cron: '37 * * * *', run: () => deleteStaleRows(deps.db, new Date()) },
    // A video whose upload completed but whose processing will never run is queued again.
    {
      name: 'stranded-videos',
      cron: '*/15 * * * *',
      run: async () => {
        const requeued = await requeueStrandedVideos(queue, deps.db);
        if (requeued.length > 0)
          logger.warn({ videos: requeued }, 'queued the processing of stranded videos');
      },
    },
    // Thumbnails made before their WebP card sizes existed get them (after an upgrade; then nothing to do).
    {
      name: 'thumbnails',
      cron: '*/15 * * * *',
      run: async () => {
        const { done, skipped } = await makeMissingThumbnailVariants(deps.db, deps.storage);
        if (done.length > 0) logger.info({ videos: done.length }, 'made the WebP sizes of thumbnails');
        if (skipped.length > 0) logger.warn({ skipped }, 'could not make the WebP sizes of these thumbnails');
      },
    },
    // A social sign-up whose picture import was never queued (the instance stopped after the sign-up).
    {
      name: 'avatars',
      cron: '*/15 * * * *',
      run: async () => {
        const queued = await queueUnimportedAvatars(queue, {
          db: deps.db,
          ownPrefix: ownAvatarPrefix(deps.storage),
          providers: Object.keys(config.social),
          now: new Date(),
        });
        if (queued.length > 0) logger.warn({ users: queued }, 'queued the import of social pictures');
      },
    },
  ];
}

/** Every instance delivers what is due (a claimed mail is leased, so no two send it). */
function startOutboxDelivery(outbox: MailOutbox): NodeJS.Timeout {
  const timer = setInterval(() => outbox.deliverSoon(), OUTBOX_POLL_MS);
  timer.unref();
  return timer;
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

/** The queues this instance sends to (YouTube's are made when it is configured). */
const JOB_QUEUES = [
  AVATAR_IMPORT_QUEUE,
  VIDEO_PROCESSING_QUEUE,
  VIDEO_PREVIEW_QUEUE,
  STANDING_REQUEST_MATCHING_QUEUE,
] as const;

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

  const storage = await createStorage(config, { secret: resolveAuthSecret(config) });
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
  await ensureQueues(queue, JOB_QUEUES);
  await startAvatarImports(queue, { db: database.db, storage, logger, social: config.social });

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
      await queueAvatarImport(queue, traced({ userId, url, provider } satisfies AvatarImportJob));
    },
  });
  // The jobs tell a video's owner of its new status (live and by e-mail) inside the transaction that sets
  // it: the mail waits in the outbox, so a mail server that is down never fails (and reruns) the job.
  // The standing requests a video answers are matched by a job queued in the same transaction: the
  // approval or the job that made it licensable never waits for thousands of them.
  const noticeDeps = { outbox, storage, publicUrl: config.publicUrl, secret, now: () => new Date() };
  const queueStandingRequestMatching = standingRequestMatchingQueueing(queue);
  const notifierIn = videoNoticesIn({ ...noticeDeps, queueMatching: queueStandingRequestMatching });
  const toldIn = standingRequestsToldIn(noticeDeps);
  await startStandingRequestMatching(queue, { db: database.db, logger, toldIn });
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
    queueStandingRequestMatching,
    uploadStore,
    enqueuePublishing,
    jobsRunning: () => queueRunning,
    logger,
  });
  // Sign-up and the upload agreement link to the terms: a fresh install publishes a sample to replace.
  if (await app.services.siteDocuments.publishSampleTermsIfNone())
    logger.info('no terms of service yet: published the sample for an admin to replace');
  const upkeep = upkeepTasks({ app, config, outbox, queue, db: database.db, storage, logger });
  await startUpkeep(queue, upkeep, logger);
  const outboxDelivery = startOutboxDelivery(outbox);

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
    clearInterval(outboxDelivery);
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
