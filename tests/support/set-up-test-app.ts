import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../../server/db/connection';
import { startSmtpServer } from './smtp';
import { createTestApp, type TestApp } from './test-app';
import { createTestDatabase } from './test-database';

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

/**
 * Two app instances on one database, as production runs several behind a proxy (two apps in one process
 * share nothing but the database): `const apps = setUpTwoInstances()`, then `apps.one` and `apps.two`.
 */
export function setUpTwoInstances(env: Env | (() => Env) = {}) {
  const apps = { one: {} as TestApp, two: {} as TestApp };
  let database: Database | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    Object.assign(apps.one, await createTestApp(resolved(env), { database }));
    Object.assign(apps.two, await createTestApp(resolved(env), { database }));
  });
  afterAll(async () => {
    await apps.two.close?.();
    await apps.one.close?.();
    await database?.close();
  });
  return apps;
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
