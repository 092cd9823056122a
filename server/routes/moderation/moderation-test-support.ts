import fs from 'node:fs/promises';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { makeVerified, signUp, type TestApp } from '../../../tests/support/test-app';

let people = 0;

/** A signed-up user, verified or not, with rights given the way only an admin could (in the database). */
export async function person(
  t: TestApp,
  options: { rights?: string[]; verified?: boolean; language?: string; name?: string } = {},
) {
  const n = ++people;
  const email = `person-${n}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const name = options.name ?? `Person ${n}`;
  const user = await signUp(t, { email, name });
  if (options.verified) await makeVerified(t, user, `person${n}${Math.random().toString(36).slice(2, 6)}`);
  await t.db
    .updateTable('users')
    .set({ name, rights: options.rights ?? [], language: options.language ?? 'en' })
    .where('id', '=', user.id)
    .execute();
  return { ...user, email };
}

/** A video row as processing leaves it (no upload needed to test what staff do with it). */
export async function videoOf(
  t: TestApp,
  ownerId: string,
  values: { status?: string; title?: string; keywords?: string[]; sha256?: string; created_at?: Date } = {},
) {
  const row = await t.db
    .insertInto('videos')
    .values({
      user_id: ownerId,
      title: values.title ?? 'Harbour at dawn',
      description: 'Boats leaving at first light.',
      keywords: values.keywords ?? [],
      status: values.status ?? 'not_verified',
      sha256: values.sha256 ?? null,
      created_at: values.created_at,
      owner_name: 'Maria Owner',
      owner_email: 'maria@example.com',
      owner_phone: '+35799123456',
      owner_country: 'CY',
      owner_dob: '1990-05-01',
      owner_instagram: '@maria',
      agreement_version: '2026-11-22',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Sends a request as someone (or nobody), from the app's own origin as a browser would. */
export function requestAs(t: TestApp) {
  return (method: 'GET' | 'POST' | 'PUT', url: string, who: { cookie: string } | null, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { origin: t.config.publicUrl, ...(who ? { cookie: who.cookie } : {}) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

/** The mails the app wrote to its outbox for one address, decoded, oldest first. */
export async function mailsTo(t: TestApp, to: string) {
  const dir = t.config.mail.outboxDir;
  const files = (await fs.readdir(dir).catch(() => [])).filter((file) => file.endsWith(`${to}.eml`)).sort();
  return Promise.all(files.map(async (file) => PostalMime.parse(await fs.readFile(path.join(dir, file)))));
}
