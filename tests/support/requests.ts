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
  const read = async () =>
    (await fs.readdir(dir).catch(() => [])).filter((file) => file.endsWith(`${to}.eml`)).sort();
  // Notices go through the mail outbox, written just after the action commits and delivered at once but
  // not awaited: deliver what is due until the mails to `to` stop changing (or about two seconds pass).
  let files = await read();
  for (let round = 0; round < 40; round++) {
    await t.outbox.deliverDue();
    const now = await read();
    if (now.length > 0 && now.length === files.length) break;
    files = now;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  files = await read();
  return Promise.all(files.map(async (file) => PostalMime.parse(await fs.readFile(path.join(dir, file)))));
}
