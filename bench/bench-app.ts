import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createCaptcha } from '../server/adapters/captcha/captcha';
import { createEventBus } from '../server/adapters/events/event-bus';
import { openCountryLookup } from '../server/adapters/geo/country-lookup';
import { createMailer } from '../server/adapters/mail/mailer';
import { createSmsSender } from '../server/adapters/sms/sms-factory';
import { createStorage } from '../server/adapters/storage/storage-factory';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import type { Database } from '../server/db/connection';
import { createAuth } from '../server/plugins/auth';
import { captchaUsesRepository } from '../server/repositories/captcha-uses.repository';

const SECRET = 'bench-secret-that-is-long-enough-for-signing-0123456789';

/**
 * The whole server (`buildApp`, as production builds it) on a given database, with files in `dataDir`,
 * listening on a free loopback port, configured by `env` over the defaults. Logging is off: it would
 * measure the logger. `beforeListen` may add hooks to the app before it is ready (a timer of each answer).
 */
export async function startBenchApp(
  database: Database,
  dataDir: string,
  env: Record<string, string> = {},
  beforeListen?: (app: Awaited<ReturnType<typeof buildApp>>) => void,
) {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
  const mailer = createMailer(config.mail);
  const events = await createEventBus(database);
  const storage = await createStorage(config, { secret: SECRET });
  const app = await buildApp({
    config,
    database,
    storage,
    auth: createAuth({
      db: database.db,
      secret: SECRET,
      publicUrl: config.publicUrl,
      trustedOrigins: config.trustedOrigins,
      mailer,
      social: {},
    }),
    mailer,
    captcha: createCaptcha({ secret: SECRET, store: captchaUsesRepository(database.db) }),
    sms: createSmsSender(config.sms, { outboxDir: config.mail.outboxDir }),
    geo: await openCountryLookup(),
    events,
    secret: SECRET,
    logger: false,
    webDir: path.join(dataDir, 'web'),
  });
  beforeListen?.(app);
  await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    app,
    config,
    storage,
    base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    async close() {
      await app.close();
      await events.close();
    },
  };
}
