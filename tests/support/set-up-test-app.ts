import { afterAll, beforeAll } from 'vitest';
import { startSmtpServer } from './smtp';
import { createTestApp, type TestApp } from './test-app';

type Env = Record<string, string>;

/**
 * The app of one test file, built before its tests and closed after them: `const t = setUpTestApp()` (a file-level hook of the test runner).
 * `env` may be a function, read when the app is built, after the file's earlier hooks (a mail server's
 * address, say).
 */
export function setUpTestApp(env: Env | (() => Env) = {}, options: Parameters<typeof createTestApp>[1] = {}) {
  const testApp = {} as TestApp;
  beforeAll(async () => {
    Object.assign(testApp, await createTestApp(typeof env === 'function' ? env() : env, options));
  });
  afterAll(() => testApp.close());
  return testApp;
}

/** A real SMTP server for the file's app (`setUpTestApp(() => ({ SMTP_URL: smtp.url }))`), started first. */
export function setUpSmtpServer() {
  const smtp = {} as Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    Object.assign(smtp, await startSmtpServer());
  });
  afterAll(() => smtp.close());
  return smtp;
}
