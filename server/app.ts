import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { APP_NAME } from '../common/constants';
import type { Captcha } from './adapters/captcha/captcha';
import type { EventBus } from './adapters/events/event-bus';
import type { CountryLookup } from './adapters/geo/country-lookup';
import type { Mailer } from './adapters/mail/mailer';
import type { PaymentProvider } from './adapters/payments/payment-provider';
import { createPaymentProvider } from './adapters/payments/payment-provider-factory';
import type { PayoutProvider } from './adapters/payouts/payout-provider';
import { createPayoutProvider } from './adapters/payouts/payout-provider-factory';
import type { SmsSender } from './adapters/sms/sms';
import { servedContentType } from './adapters/storage/content-types';
import { isPublicPath, type Storage } from './adapters/storage/storage';
import type { UploadStore } from './adapters/uploads/upload-store';
import { createUploadStore } from './adapters/uploads/upload-store-factory';
import type { AppConfig } from './config';
import type { Database } from './db/connection';
import { type Auth, registerAuth } from './plugins/auth';
import { fileOriginOf } from './plugins/content-security-policy';
import { registerCsrfGuard } from './plugins/csrf';
import { frameworkErrorReply, registerErrorHandling } from './plugins/errors';
import { registerHttpMetrics } from './plugins/http-metrics';
import { registerInputCharacterGuard } from './plugins/input-characters';
import { registerJsonDepthLimit } from './plugins/json-depth';
import { registerPublicAnswerCache } from './plugins/public-answer-cache';
import { registerRateLimit } from './plugins/rate-limit';
import { registerRequestId, requestIdGenerator } from './plugins/request-id';
import { registerSecurityHeaders } from './plugins/security-headers';
import { isPrivateThumbnail, registerThumbnailGuard } from './plugins/thumbnail-guard';
import { isTvHost, registerTvHostSwitch } from './plugins/tv-host';
import { registerWebApp } from './plugins/web-app';
import { projectRoot } from './project-root';
import { abuseRoutes } from './routes/abuse/abuse.routes';
import { abuseQueueRoutes } from './routes/abuse/abuse-queue.routes';
import { accountRoutes } from './routes/account/account.routes';
import { adminUsersRoutes } from './routes/admin/admin-users.routes';
import { adminTransactionsRoutes, adminWithdrawalsRoutes } from './routes/admin-money/admin-money.routes';
import { adminSettingsRoutes } from './routes/admin-settings/admin-settings.routes';
import { analyticsRoutes } from './routes/analytics/analytics.routes';
import { authActionsRoutes } from './routes/auth-actions/auth-actions.routes';
import { billingRoutes } from './routes/billing/billing.routes';
import { captchaRoutes } from './routes/captcha/captcha.routes';
import { collectionRoutes } from './routes/collections/collections.routes';
import { earningsRoutes } from './routes/earnings/earnings.routes';
import { eventsRoutes } from './routes/events/events.routes';
import { filesRoutes } from './routes/files/files.routes';
import { keywordsRoutes } from './routes/keywords/keywords.routes';
import { licensePaymentsRoutes } from './routes/license-payments/license-payments.routes';
import { licensingRoutes } from './routes/licensing/licensing.routes';
import { meRoutes } from './routes/me/me.routes';
import { moderationRoutes } from './routes/moderation/moderation.routes';
import { mrssAdminRoutes, mrssAdminTokenRoutes } from './routes/mrss/mrss-admin.routes';
import { mrssFeedRoutes } from './routes/mrss/mrss-feed.routes';
import { paymentWebhookRoutes } from './routes/payments/payment-webhook.routes';
import { sandboxCheckoutRoutes } from './routes/payments/sandbox-checkout.routes';
import { profileImagesRoutes } from './routes/profile-images/profile-images.routes';
import { searchRoutes } from './routes/search/search.routes';
import { sessionRoutes } from './routes/session/session.routes';
import { siteDocumentsRoutes } from './routes/site-documents/site-documents.routes';
import { standingRequestRoutes } from './routes/standing-requests/standing-requests.routes';
import { systemRoutes } from './routes/system/system.routes';
import { tvRoutes } from './routes/tv/tv.routes';
import { tvUploadsRoutes } from './routes/tv/tv-uploads.routes';
import { uploadsRoutes } from './routes/uploads/uploads.routes';
import { usersRoutes } from './routes/users/users.routes';
import { verificationRoutes } from './routes/verification/verification.routes';
import { videoEditsRoutes } from './routes/video-edits/video-edits.routes';
import { videosRoutes } from './routes/videos/videos.routes';
import { type MailOutbox, mailOutbox } from './services/mail/mail-outbox';
import { createServices, type Services } from './services/services';
import type { QueueVideoProcessing } from './services/uploads/upload-finish.service';
import type { EnqueuePublishing } from './services/videos/video-moderation.service';
import type { QueueStandingRequestMatching } from './services/videos/video-notices';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    storage: Storage;
    auth: Auth;
    /** Every service, wired once (services/services.ts). */
    services: Services;
    /** Unfinished resumable uploads, for the tus servers of the main and TV upload routes. */
    uploadStore: UploadStore;
    captcha: Captcha;
    sms: SmsSender;
    geo: CountryLookup;
    /** The time as the rules see it (tests move it to check expiry). */
    clock: () => Date;
    events: EventBus;
  }
}

export interface AppDependencies {
  config: AppConfig;
  database: Database;
  storage: Storage;
  auth: Auth;
  /** The mail server itself: codes a user is waiting for on screen go straight to it. */
  mailer: Mailer;
  /**
   * The durable outbox for notices, built on `mailer`; main.ts builds it first because auth sends through
   * it too. Without it, buildApp builds one (nothing then delivers retries but the next `send`).
   */
  mailOutbox?: MailOutbox;
  captcha: Captcha;
  sms: SmsSender;
  /** The country of a client address, from a local database. */
  geo: CountryLookup;
  /** Whether this instance's job queue runs, for the readiness check (main.ts). */
  jobsRunning?: () => boolean;
  /** Queues a video's processing in the transaction that gives it its file (the job queue lives in main.ts). */
  queueVideoProcessing?: QueueVideoProcessing;
  /** Queues the standing requests' matching of a video in the transaction that makes it licensable. */
  queueStandingRequestMatching?: QueueStandingRequestMatching;
  /** Where unfinished uploads wait; main.ts makes it because the processing job reads it too. */
  uploadStore?: UploadStore;
  /** Queues the publishing of an approved video in the approving transaction (main.ts, when configured). */
  enqueuePublishing?: EnqueuePublishing;
  /** Live events to users' open pages. */
  events: EventBus;
  /** The license checkout's provider; the one PAYMENT_PROVIDER names when not given. */
  payments?: PaymentProvider;
  /** The withdrawals' payout provider; the one PAYOUT_PROVIDER names when not given. */
  payouts?: PayoutProvider;
  /** The app's secret: it keys the hashes of verification codes. */
  secret: string;
  clock?: () => Date;
  logger?: FastifyBaseLogger | boolean;
  /**
   * The least duration of the auth answers that would otherwise tell a registered address by their time
   * (plugins/auth-answer-time.ts); tests that do not measure it pass `{}` to run quickly.
   */
  authAnswerFloors?: Readonly<Record<string, number>>;
  /** Where the built web app is; defaults to dist/web beside the project root. */
  webDir?: string;
}

/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes a function: Fastify reads a plain number as
 * "trust nobody". The last `hops` addresses (the socket's peer first) are proxies; the address before
 * them is the client, whatever the client wrote further left in X-Forwarded-For.
 */
function fastifyTrustProxy(trustProxy: AppConfig['trustProxy']) {
  if (typeof trustProxy !== 'number') return trustProxy;
  return (_address: string, hop: number) => hop < trustProxy;
}

/** The API's route plugins; their order is the order of the paths in the OpenAPI document. */
async function registerRoutes(app: FastifyInstance) {
  await app.register(authActionsRoutes);
  await app.register(sessionRoutes);
  await app.register(accountRoutes);
  await app.register(systemRoutes);
  await app.register(abuseRoutes);
  await app.register(abuseQueueRoutes);
  await app.register(adminSettingsRoutes);
  await app.register(siteDocumentsRoutes);
  await app.register(captchaRoutes);
  await app.register(verificationRoutes);
  await app.register(eventsRoutes);
  await app.register(billingRoutes);
  await app.register(standingRequestRoutes);
  await app.register(collectionRoutes);
  await app.register(analyticsRoutes);
  await app.register(meRoutes);
  await app.register(earningsRoutes);
  await app.register(profileImagesRoutes);
  await app.register(searchRoutes);
  await app.register(videosRoutes);
  await app.register(licensingRoutes);
  await app.register(mrssAdminRoutes);
  await app.register(mrssAdminTokenRoutes);
  await app.register(mrssFeedRoutes);
  await app.register(adminWithdrawalsRoutes);
  await app.register(adminTransactionsRoutes);
  await app.register(keywordsRoutes);
  await app.register(moderationRoutes);
  await app.register(videoEditsRoutes);
  await app.register(uploadsRoutes);
  await app.register(usersRoutes);
  await app.register(tvRoutes);
  await app.register(tvUploadsRoutes);
  await app.register(licensePaymentsRoutes);
  await app.register(adminUsersRoutes);
  await app.register(paymentWebhookRoutes);
  await app.register(sandboxCheckoutRoutes);
  await app.register(filesRoutes);
}

/** Builds the whole server without listening, so tests can drive it with `inject` or a real port. */
export async function buildApp(deps: AppDependencies) {
  const app = Fastify({
    loggerInstance: typeof deps.logger === 'object' ? deps.logger : undefined,
    logger: typeof deps.logger === 'boolean' ? deps.logger : undefined,
    trustProxy: fastifyTrustProxy(deps.config.trustProxy),
    genReqId: requestIdGenerator(deps.config.trustProxy !== false),
    bodyLimit: 1024 * 1024,
    frameworkErrors: frameworkErrorReply,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', deps.config);
  app.decorate('storage', deps.storage);
  app.decorate('auth', deps.auth);
  app.decorate('captcha', deps.captcha);
  app.decorate('sms', deps.sms);
  app.decorate('geo', deps.geo);
  app.decorate('events', deps.events);
  const clock = deps.clock ?? (() => new Date());
  app.decorate('clock', clock);
  const uploadStore = deps.uploadStore ?? (await createUploadStore(deps.config));
  app.decorate('uploadStore', uploadStore);
  const outbox =
    deps.mailOutbox ?? mailOutbox({ db: deps.database.db, transport: deps.mailer, now: clock, log: app.log });
  // A mail committed on any instance (inside a transaction, too) is delivered at once by one of them.
  const stopHearingMail = deps.events.onMailQueued(() => outbox.deliverSoon());
  // A delivery started by the last request finishes before the database closes.
  // Each instance writes the views, opens and search appearances it gathered every second, and the last
  // at closing.
  const logFlush = (error: unknown) => app.log.warn({ err: error }, 'could not write the counted views');
  const flushCounts = () =>
    Promise.all([app.services.videoViews.flush(), app.services.searchAppearances.flush()]).catch(logFlush);
  const counting = setInterval(() => void flushCounts(), 1_000);
  counting.unref();
  app.addHook('onClose', async () => {
    stopHearingMail();
    clearInterval(counting);
    app.services.uploadLocker.close();
    await flushCounts();
    return outbox.idle();
  });
  app.decorate(
    'services',
    createServices({
      ...deps,
      mailer: outbox.mailer,
      directMailer: deps.mailer,
      mailOutbox: outbox,
      db: deps.database.db,
      databaseKind: deps.database.kind,
      uploadStore,
      clock,
      payments:
        deps.payments ?? (await createPaymentProvider(deps.config, { secret: deps.secret, now: clock })),
      payouts: deps.payouts ?? createPayoutProvider(deps.config),
      log: app.log,
      requestPasswordReset: async (email) => {
        await deps.auth.api.requestPasswordReset({ body: { email } });
      },
      verifyPassword: async (password, headers) => {
        await deps.auth.api.verifyPassword({ body: { password }, headers });
      },
      setPassword: async (newPassword, headers) => {
        await deps.auth.api.setPassword({ body: { newPassword }, headers });
      },
    }),
  );
  registerRequestId(app);
  registerErrorHandling(app);
  registerHttpMetrics(app, app.services.metrics);
  registerJsonDepthLimit(app);
  registerInputCharacterGuard(app);
  registerTvHostSwitch(app, deps.config.tv.hostnames);

  registerSecurityHeaders(app, deps.config, fileOriginOf(deps.storage.publicUrl('public/x')));
  // After helmet (a kept answer has its headers too), before compression (which works on its text).
  registerPublicAnswerCache(app, { seconds: deps.config.publicAnswerCacheSeconds, changes: deps.events });
  // JSON, the OpenAPI document, CSV and feeds above 1 KB go out brotli- or gzip-compressed. Files of the
  // web build are compressed at build time; partial answers (206) and hijacked streams are left alone.
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await registerRateLimit(app, deps.database.kind === 'postgres' ? { db: deps.database.db } : null);
  await app.register(fastifySwagger, {
    openapi: { info: { title: `${APP_NAME} API`, version: '1' } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  registerCsrfGuard(app, deps.config.trustedOrigins);
  await registerAuth(app, deps.auth, deps.database.db, deps.authAnswerFloors);
  await registerRoutes(app);

  // Public files (thumbnails, avatars, covers) from local storage; private ones need signed URLs.
  if (deps.config.storage.driver === 'local') {
    registerThumbnailGuard(app, { auth: deps.auth, db: deps.database.db });
    await app.register(fastifyStatic, {
      root: deps.config.storage.localDir,
      prefix: '/files/',
      decorateReply: false,
      // Public files are ours (JPEGs, PNGs ...); even so, nothing that could run as a page is served here.
      allowedPath: (pathName) => {
        const relative = pathName.replace(/^\//, '');
        return isPublicPath(relative) && !servedContentType(relative).download;
      },
      maxAge: '1h',
      // A hidden video's thumbnail, shown to its owner or staff, never goes into a shared cache. Every
      // other public picture may be shown by another site's page too: an alert e-mail in a webmail, a
      // partner's page from its feed.
      setHeaders: (reply: FastifyReply) => {
        if (isPrivateThumbnail(reply.request)) reply.header('cache-control', 'private, no-cache');
        else reply.header('cross-origin-resource-policy', 'cross-origin');
      },
    });
  }

  await registerWebApp(app, deps.webDir ?? path.join(projectRoot, 'dist', 'web'), (request) =>
    isTvHost(request, deps.config.tv.hostnames) ? 'tv.html' : 'index.html',
  );
  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;
