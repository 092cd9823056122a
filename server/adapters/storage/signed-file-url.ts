import crypto from 'node:crypto';
import { MAX_SIGNED_URL_SECONDS } from './storage';

/** Where the local driver's signed URLs point; `server/routes/files/files.routes.ts` serves them. */
export const SIGNED_FILES_PREFIX = '/api/files/';

/** The query of a signed file URL, as it arrives (strings, any of them possibly missing). */
export interface SignedFileQuery {
  expires?: string;
  signature?: string;
  name?: string;
}

/**
 * Signs and checks `/api/files/<path>?expires=<unix seconds>&signature=<hmac>[&name=<download name>]`.
 * The HMAC-SHA256 covers the path, the expiry and the download name, with a key derived from the app
 * secret (its own label, so a signature here is never valid anywhere else the secret is used).
 */
export function signedFileUrls(secret: string) {
  const key = crypto.createHmac('sha256', secret).update('clipmarket storage: signed file URLs').digest();
  // JSON keeps the fields apart: no path/expiry/name split can be read two ways.
  const signatureOf = (path: string, expires: string, name: string | undefined) =>
    crypto
      .createHmac('sha256', key)
      .update(JSON.stringify([path, expires, name ?? null]))
      .digest();

  return {
    /** The path and query of a URL that opens `path` until `expiresAt` (unix seconds). */
    sign(path: string, expiresAt: number, downloadName?: string): string {
      const query = new URLSearchParams({ expires: String(expiresAt) });
      if (downloadName) query.set('name', downloadName);
      query.set('signature', signatureOf(path, String(expiresAt), downloadName).toString('base64url'));
      return `${SIGNED_FILES_PREFIX}${path}?${query}`;
    },
    /** True when the signature is ours for exactly this path, expiry and name (not whether it expired). */
    verify(path: string, query: SignedFileQuery): boolean {
      if (!query.expires || !query.signature) return false;
      const given = Buffer.from(query.signature, 'base64url');
      const expected = signatureOf(path, query.expires, query.name);
      return given.length === expected.length && crypto.timingSafeEqual(given, expected);
    },
  };
}
export type SignedFileUrls = ReturnType<typeof signedFileUrls>;

/**
 * The seconds a signed URL has left at `nowSeconds`, or null when it is no good: expired, or an expiry
 * that is not plain unix seconds within the longest lifetime we sign (`Infinity`, `1e20`). The signature
 * already binds the expiry; this holds even if a key leaked or a signer was called wrongly.
 */
export function secondsLeft(expires: string | undefined, nowSeconds: number): number | null {
  if (!expires || !/^\d{1,12}$/.test(expires)) return null;
  const left = Number(expires) - nowSeconds;
  return left >= 0 && left <= MAX_SIGNED_URL_SECONDS ? left : null;
}

/**
 * A URL on our own site (`PUBLIC_URL`) as a path, anything else (a bucket's) unchanged: pages load it from
 * whatever host name they were opened on, which `media-src 'self'` and cookies-free range requests need.
 */
export function forPage(url: string, publicUrl: string): string {
  const site = publicUrl.replace(/\/+$/, '');
  return url.startsWith(`${site}/`) ? url.slice(site.length) : url;
}
