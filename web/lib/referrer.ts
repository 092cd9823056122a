import { readLocal, writeLocal } from './local-store';

const KEY = 'referrer';

/** Remembers who invited this visitor (from /join/{userId}), until the visitor signs up. */
export function rememberReferrer(userId: string): void {
  writeLocal(KEY, userId);
}

export function rememberedReferrer(): string | null {
  const value = readLocal<unknown>(KEY);
  return typeof value === 'string' && value !== '' ? value : null;
}
