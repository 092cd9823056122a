import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Metadata } from '@tus/server';
import { createMailer } from '../../server/adapters/mail/mailer';
import { uploadsDirectory } from '../../server/adapters/uploads/upload-store-factory';
import { buildApp } from '../../server/app';
import { createAuth } from '../../server/plugins/auth';
import { createVideo } from './factories';
import type { TestApp } from './test-app';

/** A signed-in caller as the tests hold one. */
export interface Caller {
  id: string;
  cookie: string;
}

/** The headers every tus request from our own page carries: protocol version, origin, session. */
export function tusHeaders(t: TestApp, caller: Caller | null, extra: Record<string, string> = {}) {
  return {
    'tus-resumable': '1.0.0',
    origin: t.config.publicUrl,
    ...(caller && { cookie: caller.cookie }),
    ...extra,
  };
}

/** A submitted video of `userId` that waits for its file, as POST /api/videos leaves it. */
export function createWaitingVideo(t: TestApp, userId: string): Promise<string> {
  return createVideo(t.db, userId, { title: 'A clip', status: 'not_uploaded' });
}

/** The Upload-Metadata header for these pairs (values base64, as tus clients send them). */
export const uploadMetadata = (pairs: Record<string, string>) => Metadata.stringify(pairs);

/** Creates an upload through POST /api/uploads; returns the response and the upload's URL path. */
export async function createUpload(
  t: TestApp,
  caller: Caller | null,
  options: { length: number; metadata: Record<string, string> },
) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: tusHeaders(t, caller, {
      'upload-length': String(options.length),
      'upload-metadata': uploadMetadata(options.metadata),
    }),
  });
  return { response, location: String(response.headers.location ?? '') };
}

/** Sends bytes to an upload at `offset` (one PATCH). */
export function patchUpload(
  t: TestApp,
  caller: Caller | null,
  location: string,
  offset: number,
  bytes: Buffer,
) {
  return t.app.inject({
    method: 'PATCH',
    url: location,
    headers: tusHeaders(t, caller, {
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    }),
    payload: bytes,
  });
}

/** The files in the directory where unfinished uploads wait. */
export async function filesInUploadDirectory(t: TestApp): Promise<string[]> {
  return fs.readdir(uploadsDirectory(t.config)).catch(() => []);
}

export const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

/** The secret of a restarted app; sessions from before the restart are signed with another, so sign in again. */
const RESTART_SECRET = 'restart-secret-that-is-long-enough-for-signing-0123456789';

/**
 * Stops the app and starts a new one on the same DATA_DIR and database, as a server restart does: nothing
 * survives in memory. The new app is closed by the caller, before `previous.close()`.
 */
export async function restartApp(previous: TestApp) {
  await previous.app.close();
  const mailer = createMailer(previous.config.mail);
  const app = await buildApp({
    config: previous.config,
    database: previous.database,
    storage: previous.storage,
    auth: createAuth({
      db: previous.db,
      secret: RESTART_SECRET,
      publicUrl: previous.config.publicUrl,
      trustedOrigins: previous.config.trustedOrigins,
      mailer,
      social: previous.config.social,
    }),
    mailer,
    captcha: previous.captcha,
    sms: previous.sms,
    geo: previous.geo,
    events: previous.events,
    secret: RESTART_SECRET,
    clock: previous.clock.now,
    logger: false,
    webDir: path.join(previous.config.dataDir, 'web'),
  });
  await app.ready();
  return { ...previous, app };
}

/** Signs in again (after a restart) and returns the caller with the new session cookie. */
export async function signIn(t: TestApp, caller: Caller & { email: string }): Promise<Caller> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: t.config.publicUrl },
    payload: { email: caller.email, password: 'secret-password' },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const cookie = [response.headers['set-cookie']]
    .flat()
    .filter(Boolean)
    .map((value) => String(value).split(';')[0])
    .join('; ');
  return { id: caller.id, cookie };
}
