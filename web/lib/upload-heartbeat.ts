import { readLocal, writeLocal } from './local-store';

/**
 * Which uploads are running in some tab of this browser now. tus remembers every unfinished upload in
 * local storage, shared by all tabs, so another tab would offer to "continue" an upload that is running
 * fine here. Each tab with uploads under way writes a heartbeat (video id → tab and time) every few
 * seconds; an id whose heartbeat from another tab is fresh is running there. A closed or crashed tab
 * stops beating and its uploads count as unfinished again a few seconds later.
 */
const KEY = 'uploads.running';
const BEAT_MS = 2000;
const FRESH_MS = 3 * BEAT_MS;

type Beats = Record<string, { tab: string; at: number }>;

/** This tab, for the life of the page. */
const TAB = Math.random().toString(36).slice(2);

let mine: readonly string[] = [];
let timer: ReturnType<typeof setInterval> | null = null;

function beat(): void {
  const now = Date.now();
  const beats = readLocal<Beats>(KEY) ?? {};
  const kept = Object.fromEntries(
    Object.entries(beats).filter(([, entry]) => entry.tab !== TAB && now - entry.at < FRESH_MS),
  );
  for (const id of mine) kept[id] = { tab: TAB, at: now };
  writeLocal(KEY, kept);
}

/** The uploads running in this tab now (called on every change of this tab's uploads). */
export function announceRunning(ids: readonly string[]): void {
  if (ids.join() === mine.join()) return;
  mine = ids;
  beat();
  if (ids.length && !timer) timer = setInterval(beat, BEAT_MS);
  if (!ids.length && timer) {
    clearInterval(timer);
    timer = null;
  }
}

/** The ids of uploads another tab of this browser is running now. */
export function runningInOtherTabs(): Set<string> {
  const now = Date.now();
  const beats = readLocal<Beats>(KEY) ?? {};
  return new Set(
    Object.entries(beats)
      .filter(([, entry]) => entry.tab !== TAB && now - entry.at < FRESH_MS)
      .map(([id]) => id),
  );
}

/** Calls back when another tab's heartbeats change and when one may have gone stale. */
export function watchOtherTabs(onChange: () => void): () => void {
  const handleStorage = (event: StorageEvent) => {
    if (event.key === KEY) onChange();
  };
  window.addEventListener('storage', handleStorage);
  const staleCheck = setInterval(onChange, BEAT_MS);
  return () => {
    window.removeEventListener('storage', handleStorage);
    clearInterval(staleCheck);
  };
}

if (typeof window !== 'undefined')
  window.addEventListener('pagehide', () => {
    // Leaving: this tab's uploads stop here; another tab may offer them at once.
    mine = [];
    beat();
  });
