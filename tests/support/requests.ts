import fs from 'node:fs/promises';
import path from 'node:path';
import PostalMime from 'postal-mime';
import type { TestApp } from './test-app';

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
