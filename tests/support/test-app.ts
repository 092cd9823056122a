import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createMailer } from '../../server/adapters/mail/mailer';
import { localStorage } from '../../server/adapters/storage/local-storage';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createAuth } from '../../server/plugins/auth';
import { createTestDatabase } from './test-database';

const TEST_SECRET = 'test-secret-that-is-long-enough-for-signing-0123456789';

/**
 * The whole server on a database of its own, driven with `app.inject` (real routing, validation,
 * auth and SQL; no listening socket). Close it in afterAll.
 */
export async function createTestApp(env: Record<string, string> = {}, options: { webDir?: string } = {}) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'clipmarket-app-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
  const database = await createTestDatabase();
  const storage = localStorage(config.storage.localDir);
  const mailer = createMailer(config.mail);
  const auth = createAuth({
    db: database.db,
    secret: TEST_SECRET,
    publicUrl: config.publicUrl,
    mailer,
    social: config.social,
  });
  const app = await buildApp({
    config,
    database,
    storage,
    auth,
    mailer,
    logger: false,
    webDir: options.webDir ?? path.join(dataDir, 'web'),
  });
  await app.ready();
  return {
    app,
    config,
    database,
    db: database.db,
    storage,
    async close() {
      await app.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let signUps = 0;

/** Signs up a user through the real auth endpoint and returns the session cookie with the user's id. */
export async function signUp(testApp: TestApp, user: { email: string; password?: string; name?: string }) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: testApp.config.publicUrl },
    remoteAddress: `10.200.${Math.floor(++signUps / 250) % 250}.${signUps % 250}`, // clear of the sign-up rate limit
    payload: {
      email: user.email,
      password: user.password ?? 'secret-password',
      name: user.name ?? 'Test User',
    },
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const cookie = [response.headers['set-cookie']]
    .flat()
    .filter(Boolean)
    .map((c) => String(c).split(';')[0])
    .join('; ');
  return { cookie, id: (response.json() as { user: { id: string } }).user.id };
}
