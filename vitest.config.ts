import { defineConfig } from 'vitest/config';

/**
 * The same suite runs on the embedded database always and, when TEST_DATABASE_URL is set, on
 * PostgreSQL too: two projects that differ only in TEST_DB. Each test file gets its own database.
 */
const databases = ['embedded', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];

export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['tests/support/global-setup.ts'],
    projects: databases.map((database) => ({
      extends: true,
      test: {
        name: database,
        include: ['common/**/*.test.ts', 'server/**/*.test.ts', 'web/**/*.test.{ts,tsx}'],
        env: { TEST_DB: database },
      },
    })),
  },
});
