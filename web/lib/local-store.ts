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
