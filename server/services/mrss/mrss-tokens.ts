import crypto from 'node:crypto';
import { MRSS_PUBLIC_PREFIX } from '../../../common/contracts/mrss';

/** 32 random bytes, base64url: 43 characters nobody guesses. */
export function newFeedToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** What the database keeps of a token: its SHA-256, so a copy of the database opens no feed. */
export function hashFeedToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** The token in a feed path's last part (`<token>.xml`), or null when it cannot be one of ours. */
export function tokenOfFile(file: string): string | null {
  const match = /^([A-Za-z0-9_-]{43})\.xml$/.exec(file);
  return match ? match[1]! : null;
}

/** The partner's URL of a feed on the public origin. */
export function feedUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${MRSS_PUBLIC_PREFIX}${token}.xml`;
}
