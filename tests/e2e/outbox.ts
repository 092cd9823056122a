import fs from 'node:fs/promises';
import path from 'node:path';
import PostalMime from 'postal-mime';

/** The newest message the app wrote to its outbox for `to` (no SMTP server configured), decoded. */
export async function latestMail(dataDir: string, to: string) {
  const dir = path.join(dataDir, 'outbox');
  for (let attempt = 0; attempt < 50; attempt++) {
    const files = (await fs.readdir(dir).catch(() => [])).filter((file) => file.endsWith(`${to}.eml`)).sort();
    const newest = files.at(-1);
    if (newest) return PostalMime.parse(await fs.readFile(path.join(dir, newest)));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail for ${to} in ${dir}`);
}
