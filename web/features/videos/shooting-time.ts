/**
 * The shooting date (YYYY-MM-DD) and time (HH:MM) as the UI language writes them. Both are local to the
 * place of filming, so they are formatted as given, never moved into the reader's time zone.
 */
export function formatShootingDate(date: string, language: string): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(parsed);
}

export function formatShootingTime(time: string, language: string): string {
  const parsed = new Date(`1970-01-01T${time}:00Z`);
  if (Number.isNaN(parsed.getTime())) return time;
  return new Intl.DateTimeFormat(language, { timeStyle: 'short', timeZone: 'UTC' }).format(parsed);
}
