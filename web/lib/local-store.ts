/**
 * Local storage holding JSON values, with an in-memory fallback when the browser refuses storage
 * (private mode, disabled cookies): SPEC 9 'Local storage'.
 */
const memory = new Map<string, string>();

function storage(): Storage | null {
  try {
    const probe = '__probe__';
    window.localStorage.setItem(probe, probe);
    window.localStorage.removeItem(probe);
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readLocal<T>(key: string): T | null {
  const raw = storage()?.getItem(key) ?? memory.get(key) ?? null;
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeLocal(key: string, value: unknown): void {
  const raw = JSON.stringify(value);
  const store = storage();
  if (store) store.setItem(key, raw);
  else memory.set(key, raw);
}

/** SPEC 3 'Cached document': a value kept locally with when it was loaded and how long it holds. */
export interface CachedDocument<T> {
  /** When it was loaded (ms since the epoch). */
  loaded: number;
  /** Until when it may be used (ms since the epoch): loaded + ttl. */
  validUntil: number;
  /** How long it holds (ms). */
  ttl: number;
  data: T;
}

/** The cached value under `key` while it is still valid, else null (expired, missing or unreadable). */
export function readCached<T>(key: string, now = Date.now()): CachedDocument<T> | null {
  const cached = readLocal<CachedDocument<T>>(key);
  if (!cached || typeof cached.validUntil !== 'number' || typeof cached.loaded !== 'number') return null;
  // A clock set back before `loaded` must not keep a document forever.
  if (now >= cached.validUntil || now < cached.loaded) return null;
  return cached;
}

/** Keeps `data` under `key` for `ttl` ms. */
export function writeCached<T>(key: string, data: T, ttl: number, now = Date.now()): CachedDocument<T> {
  const cached: CachedDocument<T> = { loaded: now, validUntil: now + ttl, ttl, data };
  try {
    writeLocal(key, cached);
  } catch {
    // A full local storage only costs a fetch next time.
  }
  return cached;
}
