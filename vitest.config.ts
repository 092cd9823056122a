import fs from 'node:fs';
import { defineConfig } from 'vitest/config';

/**
 * Every test file runs on the embedded database. The files whose behaviour can differ on PostgreSQL run
 * there too when TEST_DATABASE_URL is set: the list is explicit, so what each engine proves is written
 * down here (docs/testing.md says why each file is on it). Each test file gets its own database.
 */
export const POSTGRES_FILES = [
  // Locks and races: two requests, two instances, a replayed provider callback (row locks, compare-and-set,
  // unique constraints under concurrency; the embedded engine has one session and never interleaves).
  'server/routes/races.test.ts',
  'server/routes/payment-races.test.ts',
  'server/routes/earnings/withdrawal-races.test.ts',
  'server/routes/earnings/earnings.routes.test.ts',
  // The monthly statement: its sums against the ledger's SQL-read rows, and its mail claimed once per
  // member and month by two instances at once.
  'server/routes/earnings/statements.routes.test.ts',
  'server/services/earnings/monthly-statements.test.ts',
  'server/routes/admin-money/admin-money.routes.test.ts',
  'server/routes/admin-money/paypal-payouts.routes.test.ts',
  'server/routes/admin/admin-users.routes.test.ts',
  'server/routes/licensing/licensing.routes.test.ts',
  'server/routes/licensing/license-refund.routes.test.ts',
  'server/routes/licensing/license-bundles.routes.test.ts',
  'server/routes/licensing/license-bundle-payments.routes.test.ts',
  'server/routes/licensing/license-bundle-races.test.ts',
  'server/routes/payments/payment-webhook.routes.test.ts',
  'server/routes/payments/stripe-payments.routes.test.ts',
  'server/routes/payments/stripe-bundles.routes.test.ts',
  'server/routes/abuse/abuse-queue.routes.test.ts',
  'server/routes/billing/billing.routes.test.ts',
  'server/routes/me/profile.routes.test.ts',
  'server/adapters/captcha/captcha.test.ts',
  'server/services/mail/mail-outbox.test.ts',
  'server/services/mail/notice-channels.test.ts',
  'server/jobs/video-processing.job.test.ts',
  'server/jobs/stranded-videos.job.test.ts',
  'server/jobs/crashed-jobs.test.ts',
  'server/jobs/avatar-import-sweep.test.ts',
  'server/jobs/stale-rows.job.test.ts',
  'server/jobs/thumbnail-variants.job.test.ts',
  'server/jobs/upkeep.test.ts',
  'server/jobs/standing-request-matching.job.test.ts',
  // Views counted by a unique mark, added up by two instances' upkeep at once.
  'server/routes/videos/video-views.routes.test.ts',
  // Creators' analytics read the ledger and the sales it records (money's exactness on both engines).
  'server/routes/analytics/analytics.routes.test.ts',
  // State several instances share through the database: sessions, rate-limit counters, live events
  // (LISTEN/NOTIFY).
  'server/plugins/sessions.test.ts',
  'server/plugins/rate-limit.test.ts',
  'server/plugins/auth-rate-limit.test.ts',
  'server/plugins/sign-in-account-limit.test.ts',
  'server/services/uploads/upload-locker.test.ts',
  'server/routes/events/events.routes.test.ts',
  'server/plugins/public-answer-cache.test.ts',
  // SQL whose text or plan differs by engine: full-text search, the keyword summary, the ledger's SQL twin.
  'server/routes/search/search.routes.test.ts',
  'server/routes/search/search-filters.routes.test.ts',
  'server/routes/standing-requests/standing-requests.routes.test.ts',
  'server/routes/standing-requests/standing-request-matching.test.ts',
  'server/routes/collections/collections.routes.test.ts',
  'server/routes/keywords/keywords.routes.test.ts',
  'server/repositories/ledger.repository.test.ts',
  'server/services/earnings/ledger-check.test.ts',
  // The connection itself, and migrations on the server's own PostgreSQL version.
  'server/db/connection.test.ts',
  'server/db/migrations/*.test.ts',
  'server/routes/database-outage.test.ts',
  'server/routes/system/system.routes.test.ts',
  // The metrics' read-only SQL on pg-boss's tables and the mail outbox.
  'server/routes/system/metrics.routes.test.ts',
];

// A renamed or deleted file must not leave the list silently proving less.
for (const file of POSTGRES_FILES) {
  if (!file.includes('*') && !fs.existsSync(file))
    throw new Error(`vitest.config.ts: ${file} is listed to run on PostgreSQL but does not exist`);
}

// Each project's own (not the root's: the root is no project, and would build a template nobody reads).
const globalSetup = ['tests/support/global-setup.ts'];
const ALL_FILES = [
  'common/**/*.test.ts',
  'server/**/*.test.ts',
  'web/**/*.test.{ts,tsx}',
  'scripts/*.test.ts',
];
/**
 * Tests that time answers: they need cores the rest of the suite is not using, so they are a project of
 * their own, which `npm test` runs after the other tests and the journeys (scripts/test.ts).
 */
export const TIMING_FILES = ['server/**/*.timing.test.ts'];

export default defineConfig({
  test: {
    pool: 'forks',
    // Three files at a time on two cores: a route test mostly waits (answer floors, races, timers; Vitest
    // used under half a core of its 750 s in a whole run), and it was the run's longest path.
    maxWorkers: 3,
    // A worker keeps the modules it imported from one test file to the next (the server's module graph
    // took a third of the run to import again for every file). Test files share no state: each builds
    // its own app and database, and nothing stubs globals without restoring them.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true as const,
        test: {
          name: 'embedded',
          include: ALL_FILES,
          exclude: TIMING_FILES,
          globalSetup,
          env: { TEST_DB: 'embedded' },
        },
      },
      {
        extends: true as const,
        test: { name: 'timing', include: TIMING_FILES, globalSetup, env: { TEST_DB: 'embedded' } },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              test: { name: 'postgres', include: POSTGRES_FILES, globalSetup, env: { TEST_DB: 'postgres' } },
            },
          ]
        : []),
    ],
  },
});
