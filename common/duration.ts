/** Video durations are ISO-8601 (`PT1H2M3S`); cards show them as h:mm:ss or m:ss (SPEC 3). */

const ISO_DURATION =
  /^P(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/** Seconds in an ISO-8601 duration, or null when it is not one. */
export function parseIsoDuration(value: string): number | null {
  const match = ISO_DURATION.exec(value);
  if (!match || value === 'P' || value.endsWith('T')) return null;
  const [, days, hours, minutes, seconds] = match.map((part) => Number(part ?? 0));
  return (days ?? 0) * 86400 + (hours ?? 0) * 3600 + (minutes ?? 0) * 60 + (seconds ?? 0);
}

/** 'h:mm:ss' from one hour up, else 'm:ss'. */
export function formatDuration(totalSeconds: number): string {
  const whole = Math.max(0, Math.round(totalSeconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const seconds = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** The card label for a stored duration; empty when there is none or it cannot be read. */
export function durationLabel(iso: string | null | undefined): string {
  if (!iso) return '';
  const seconds = parseIsoDuration(iso);
  return seconds === null ? '' : formatDuration(seconds);
}
