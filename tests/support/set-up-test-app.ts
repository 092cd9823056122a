import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startSmtpServer } from './smtp';
import { createTestApp, type TestApp } from './test-app';

type Env = Record<string, string>;
type Options = Parameters<typeof createTestApp>[1];
const resolved = <T>(value: T | (() => T)): T => (typeof value === 'function' ? (value as () => T)() : value);

/**
 * The app of one test file, built before its tests and closed after them: `const t = setUpTestApp()` (a file-level hook of the test runner).
 * `env` and `options` may be functions, read when the app is built, after the file's earlier hooks (a
 * mail server's address, a stand-in web build's folder).
 */
export function setUpTestApp(env: Env | (() => Env) = {}, options: Options | (() => Options) = {}) {
  const testApp = {} as TestApp;
  beforeAll(async () => {
    Object.assign(testApp, await createTestApp(resolved(env), resolved(options)));
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

/**
 * A stand-in for what Vite builds (an app page and one hashed asset), for the tests of how the server
 * serves a build: `const web = setUpWebBuild()`, then `{ webDir: web.dir }`.
 */
export function setUpWebBuild() {
  const web = { dir: '' };
  beforeAll(async () => {
    web.dir = await fs.mkdtemp(path.join(os.tmpdir(), 'clipmarket-web-'));
    await fs.mkdir(path.join(web.dir, 'assets'));
    await fs.writeFile(
      path.join(web.dir, 'index.html'),
      '<!doctype html><title>Clipmarket</title><div id="root"></div>',
    );
    await fs.writeFile(path.join(web.dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  });
  afterAll(() => fs.rm(web.dir, { recursive: true, force: true }));
  return web;
}
