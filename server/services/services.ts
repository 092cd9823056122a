import type { FastifyBaseLogger } from 'fastify';
import type { Captcha } from '../adapters/captcha/captcha';
import type { EventBus } from '../adapters/events/event-bus';
import type { CountryLookup } from '../adapters/geo/country-lookup';
import type { Mailer } from '../adapters/mail/mailer';
import type { PaymentProvider } from '../adapters/payments/payment-provider';
import type { PayoutProvider } from '../adapters/payouts/payout-provider';
import type { SmsSender } from '../adapters/sms/sms';
import type { Storage } from '../adapters/storage/storage';
import type { UploadStore } from '../adapters/uploads/upload-store';
import type { AppConfig } from '../config';
import { failpoint } from '../failpoints';
import type { Executor } from '../repositories/executor';
import { tvSubmissionsRepository } from '../repositories/tv-submissions.repository';
import { uploadsRepository } from '../repositories/uploads.repository';
import { abuseReportsService } from './abuse/abuse-reports.service';
import { accountOverviewService } from './account/account-overview.service';
import { accountPasswordService, type PasswordActions } from './account/account-password.service';
import { accountPreferencesService } from './account/account-preferences.service';
import { emailChangeService } from './account/email-change.service';
import { adminDashboardService } from './admin/admin-dashboard.service';
import { adminUsersService } from './admin/admin-users.service';
import { auditLogService } from './admin/audit-log.service';
import { adminLedgerService } from './admin-money/admin-ledger.service';
import { withdrawalPayoutsService } from './admin-money/withdrawal-payouts.service';
import { creatorAnalyticsService } from './analytics/creator-analytics.service';
import { billingAddressesService } from './billing/billing-addresses.service';
import { captchaChallengesService } from './captcha/captcha-challenges.service';
import { collectionsService } from './collections/collections.service';
import { communityService } from './community/community.service';
import { earningsService } from './earnings/earnings.service';
import { statementsService } from './earnings/statements.service';
import { withdrawalsService } from './earnings/withdrawals.service';
import { signedFilesService } from './files/signed-files.service';
import { licenseBundleCheckoutService } from './licensing/license-bundle-checkout.service';
import { licenseBundlesService } from './licensing/license-bundles.service';
import { licenseCheckoutService } from './licensing/license-checkout.service';
import { licenseDeliveryService } from './licensing/license-delivery.service';
import { licenseNotifier } from './licensing/license-notifier';
import { licensePaymentEventsService } from './licensing/license-payment-events.service';
import { licenseRefundsService } from './licensing/license-refunds.service';
import { licenseRequestView } from './licensing/license-request-view';
import { licenseRequestsService } from './licensing/license-requests.service';
import { licenseSaleNotifier } from './licensing/license-sale-notifier';
import { licenseTypesService } from './licensing/license-types.service';
import type { MailOutbox } from './mail/mail-outbox';
import { noticeChannelsIn } from './mail/notice-channels';
import { mrssDocumentService } from './mrss/mrss-document.service';
import { mrssFeedsService } from './mrss/mrss-feeds.service';
import { profileImagesService } from './profile-images/profile-images.service';
import { platformSettingsService } from './settings/platform-settings.service';
import { siteDocumentsService } from './settings/site-documents.service';
import { standingRequestsService } from './standing-requests/standing-requests.service';
import { healthService } from './system/health.service';
import { liveEventsService } from './system/live-events.service';
import { metricsService } from './system/metrics.service';
import { publicConfigService } from './system/public-config.service';
import { tvSubmissionService } from './tv/tv-submission.service';
import { tvUploadAccessService } from './tv/tv-upload-access.service';
import { uploadAccessService } from './uploads/upload-access.service';
import {
  type QueueVideoProcessing,
  tvSubmissionUploadTarget,
  uploadFinishService,
  videoUploadTarget,
} from './uploads/upload-finish.service';
import { databaseUploadLocker } from './uploads/upload-locker';
import { verificationCodes } from './verification/codes';
import { emailVerificationService } from './verification/email-verification.service';
import { phoneVerificationService } from './verification/phone-verification.service';
import { profileService } from './verification/profile.service';
import { editSuggestionNotifier } from './videos/edit-suggestion-notifier';
import { searchAppearancesService } from './videos/search-appearances.service';
import { videoCatalogService } from './videos/video-catalog.service';
import { videoEditService } from './videos/video-edit.service';
import { type EnqueuePublishing, videoModerationService } from './videos/video-moderation.service';
import {
  type QueueStandingRequestMatching,
  standingRequestNoticesIn,
  videoNoticesIn,
} from './videos/video-notices';
import { videoPageService } from './videos/video-page.service';
import { videoSubmissionService } from './videos/video-submission.service';
import { videoViewsService } from './videos/video-views.service';

/**
 * What the services are built from: the adapters, the database and the settings, and better-auth's
 * password actions (it owns the hashes; `app.ts` hands them over).
 */
export interface ServiceDeps extends PasswordActions {
  config: AppConfig;
  db: Executor;
  /** Which database `db` is, for the health answer. */
  databaseKind: 'embedded' | 'postgres';
  storage: Storage;
  /** Notices: the durable outbox (mail/mail-outbox.ts), delivered and retried in the background. */
  mailer: Mailer;
  /**
   * The mail server itself, for a code the user waits for on screen: a failure must reach them as an
   * error at once (and nothing is kept), rather than a code arriving an hour later.
   */
  directMailer: Mailer;
  mailOutbox: MailOutbox;
  captcha: Captcha;
  sms: SmsSender;
  /** The country of a client address, from a local database. */
  geo: CountryLookup;
  events: EventBus;
  /** The payment provider of license checkouts (sandbox or Stripe). */
  payments: PaymentProvider;
  /** The payout provider of withdrawals (manual or PayPal). */
  payouts: PayoutProvider;
  /** Unfinished resumable uploads (main and TV alike). */
  uploadStore: UploadStore;
  /** The app's secret: it keys the hashes of verification codes and the signatures of file URLs. */
  secret: string;
  /** The time as the rules see it (tests move it to check expiry). */
  clock: () => Date;
  /** Whether this instance's job queue runs (main.ts); absent: this app runs no jobs (tests). */
  jobsRunning?: () => boolean;
  /** Queues the processing of a video whose file has arrived (the job queue lives in main.ts). */
  queueVideoProcessing?: QueueVideoProcessing;
  /** Queues the standing requests' matching of a newly licensable video; absent: matched in its transaction. */
  queueStandingRequestMatching?: QueueStandingRequestMatching;
  /** Queues the publishing of an approved video, in the approving transaction; absent: publishing off. */
  enqueuePublishing?: EnqueuePublishing;
  /** Sends the password-reset mail of an account (better-auth owns the reset). */
  requestPasswordReset: (email: string) => Promise<void>;
  log: FastifyBaseLogger;
}

/**
 * Licensing: the types, a buyer's requests and their notices, the checkout and the payment provider's
 * events, the original's delivery and refunds.
 */
function licensingServices(deps: ServiceDeps) {
  const { db, storage, clock } = deps;
  const publicUrl = deps.config.publicUrl;
  // Notices are written inside the transaction of the change they tell about (noticeChannelsIn).
  const saleNotifierIn = (trx: Executor) =>
    licenseSaleNotifier({ ...noticeChannelsIn(trx, deps.mailOutbox), publicUrl });
  const licensingNoticesIn = (trx: Executor) =>
    licenseNotifier({ ...noticeChannelsIn(trx, deps.mailOutbox), publicUrl });
  const view = licenseRequestView({ db, storage, now: clock });
  const licenseBundles = licenseBundlesService({ db, now: clock, notifierIn: licensingNoticesIn, storage });
  return {
    licenseBundles,
    licenseCheckout: licenseCheckoutService({
      db,
      provider: deps.payments,
      storage,
      publicUrl,
      log: deps.log,
      clock,
      statusChangedIn: (trx) => saleNotifierIn(trx).statusChanged,
    }),
    licenseBundleCheckout: licenseBundleCheckoutService({
      db,
      provider: deps.payments,
      publicUrl,
      log: deps.log,
      clock,
      statusChangedIn: (trx) => saleNotifierIn(trx).statusChanged,
    }),
    licensePaymentEvents: licensePaymentEventsService({
      db,
      provider: deps.payments,
      clock,
      log: deps.log,
      notifierIn: saleNotifierIn,
    }),
    licenseDelivery: licenseDeliveryService({ db, storage, publicUrl }),
    licenseRefunds: licenseRefundsService({
      db,
      provider: deps.payments,
      mailOutbox: deps.mailOutbox,
      notifierIn: licensingNoticesIn,
      view,
      bundleView: licenseBundles.view,
      now: clock,
      publicUrl,
      log: deps.log,
    }),
    licenseTypes: licenseTypesService({ db }),
    licenseRequests: licenseRequestsService({
      db,
      now: clock,
      notifierIn: licensingNoticesIn,
      payments: deps.payments,
      view,
      storage,
      log: deps.log,
      statusChangedIn: (trx) => saleNotifierIn(trx).statusChanged,
    }),
  };
}

/** The member's account: verification, e-mail and password, preferences, pictures, billing addresses. */
function accountServices(deps: ServiceDeps) {
  const { db, directMailer, storage, clock } = deps;
  const codes = verificationCodes(deps.secret);
  const passwords = accountPasswordService({
    verifyPassword: deps.verifyPassword,
    setPassword: deps.setPassword,
  });
  return {
    captchaChallenges: captchaChallengesService({ captcha: deps.captcha }),
    emailVerification: emailVerificationService({ db, mailer: directMailer, codes, now: clock }),
    phoneVerification: phoneVerificationService({
      db,
      codes,
      now: clock,
      captcha: deps.captcha,
      sms: deps.sms,
    }),
    profileVerification: profileService({ db, now: clock }),
    accountOverview: accountOverviewService({ db, now: clock, geo: deps.geo }),
    accountPreferences: accountPreferencesService({ db }),
    accountPasswords: passwords,
    emailChange: emailChangeService({
      db,
      mailer: directMailer,
      publicUrl: deps.config.publicUrl,
      requestPasswordReset: deps.requestPasswordReset,
      passwords,
    }),
    profileImages: profileImagesService({ db, storage, now: clock }),
    billingAddresses: billingAddressesService({ db, now: clock }),
    collections: collectionsService({ db, storage: deps.storage, now: clock }),
    standingRequests: standingRequestsService({
      db,
      storage: deps.storage,
      outbox: deps.mailOutbox,
      publicUrl: deps.config.publicUrl,
      secret: deps.secret,
      now: clock,
    }),
  };
}

/** The uploads, main and TV alike: who may send a file, what happens when it has arrived, the TV submission. */
function uploadServices(deps: ServiceDeps) {
  const { db, storage, clock } = deps;
  const uploads = uploadsRepository(db);
  const tvSubmissions = tvSubmissionService({
    db,
    storage,
    captcha: deps.captcha,
    links: deps.config.tv,
    maxBytes: deps.config.uploadMaxBytes,
    now: clock,
    removeUpload: (uploadId) => deps.uploadStore.remove(uploadId),
    queueProcessing: deps.queueVideoProcessing,
  });

  return {
    uploadAccess: uploadAccessService({
      uploads,
      datastore: deps.uploadStore,
      maxBytes: deps.config.uploadMaxBytes,
    }),
    videoUploadFinish: uploadFinishService({
      storage,
      datastore: deps.uploadStore,
      target: videoUploadTarget(db, deps.queueVideoProcessing),
      afterClaim: failpoint(deps.config.failpoints, 'upload-claimed'),
    }),
    tvUploadFinish: uploadFinishService({
      storage,
      datastore: deps.uploadStore,
      target: tvSubmissionUploadTarget(tvSubmissionsRepository(db)),
    }),
    tvSubmissions,
    uploadLocker: databaseUploadLocker({ db, events: deps.events }),
    tvUploadAccess: tvUploadAccessService({
      submissions: tvSubmissions,
      datastore: deps.uploadStore,
      maxBytes: deps.config.uploadMaxBytes,
    }),
  };
}

/**
 * Every service of the app, wired in one place: routes reach them as `app.services`, and tests build
 * the same set through the same app.
 */
export function createServices(deps: ServiceDeps) {
  const { db, events, storage, clock } = deps;
  const publicUrl = deps.config.publicUrl;

  const earnings = earningsService({ db, now: clock });
  const licensing = licensingServices(deps);
  // What a video's notices are told through (its owner's, and the standing requests' owners').
  const noticeDeps = {
    outbox: deps.mailOutbox,
    storage,
    publicUrl,
    secret: deps.secret,
    now: clock,
    queueMatching: deps.queueStandingRequestMatching,
  };
  const videoModeration = videoModerationService({
    db,
    enqueuePublishing: deps.enqueuePublishing,
    storage,
    publicUrl,
    notifierIn: videoNoticesIn(noticeDeps),
  });
  const liveEvents = liveEventsService({ events });
  const metricsToken = deps.config.metricsToken;
  return {
    mailOutbox: deps.mailOutbox,
    health: healthService({ db, databaseKind: deps.databaseKind, storage, jobsRunning: deps.jobsRunning }),
    publicConfig: publicConfigService(deps.config),
    liveEvents,
    /** Prometheus metrics, kept only when METRICS_TOKEN is set; null: none, and no `/metrics`. */
    metrics: metricsToken
      ? metricsService({ token: metricsToken, db, liveClients: () => liveEvents.connected(), log: deps.log })
      : null,
    signedFiles: signedFilesService({
      storage,
      secret: deps.secret,
      clock,
      proxyLocation: deps.config.storage.proxyLocation,
    }),
    abuseReports: abuseReportsService({ db, now: clock }),
    adminDashboard: adminDashboardService({ db, now: clock }),
    adminUsers: adminUsersService({ db, now: clock }),
    auditLog: auditLogService({ db }),
    platformSettings: platformSettingsService({ db }),
    siteDocuments: siteDocumentsService({ db, storage, now: clock, log: deps.log }),
    community: communityService({ db, licenseRequests: licensing.licenseRequests, earnings }),
    earnings,
    withdrawals: withdrawalsService({ db, now: clock }),
    statements: statementsService({ db, now: clock, publicUrl, outbox: deps.mailOutbox, log: deps.log }),
    ...accountServices(deps),
    videoCatalog: videoCatalogService({ db, storage }),
    videoPage: videoPageService({ db, storage, now: clock, publicUrl, publishing: videoModeration }),
    videoViews: videoViewsService({ db, secret: deps.secret, now: clock, changes: deps.events }),
    searchAppearances: searchAppearancesService({ db, now: clock }),
    creatorAnalytics: creatorAnalyticsService({ db, now: clock }),
    videoSubmissions: videoSubmissionService({ db, storage, maxBytes: deps.config.uploadMaxBytes }),
    videoModeration,
    videoEdits: videoEditService({
      db,
      now: clock,
      storage,
      notifierIn: (trx) => editSuggestionNotifier({ ...noticeChannelsIn(trx, deps.mailOutbox), publicUrl }),
      standingRequestsIn: standingRequestNoticesIn(noticeDeps),
    }),
    ...licensing,
    withdrawalPayouts: withdrawalPayoutsService({
      db,
      payouts: deps.payouts,
      mailOutbox: deps.mailOutbox,
      publicUrl,
      log: deps.log,
    }),
    adminLedger: adminLedgerService({ db }),
    mrssFeeds: mrssFeedsService({ db, now: clock, publicUrl }),
    mrssDocuments: mrssDocumentService({
      db,
      storage,
      now: clock,
      publicUrl,
      previewUrlSeconds: deps.config.mrssPreviewUrlSeconds,
    }),
    ...uploadServices(deps),
  };
}
export type Services = ReturnType<typeof createServices>;
