/** Ask for a new playback URL this long before the old one expires, or at 80% of its life if later. */
const REFRESH_MARGIN_MS = 2 * 60_000;

/** When to ask for the next playback URL: before `expiresAt`, never in the past, at most once a second. */
export function refreshDelay(expiresAt: string, now: number): number {
  const remaining = Date.parse(expiresAt) - now;
  if (!Number.isFinite(remaining)) return 60_000;
  return Math.max(1000, remaining - REFRESH_MARGIN_MS, remaining * 0.8);
}
