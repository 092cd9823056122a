/**
 * Calendar months in UTC, written YYYY-MM: the period of a member's monthly statement. UTC because the
 * server knows no reader's zone, and a month's rows must be the same whoever asks.
 */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The month an instant falls in. */
export const monthOf = (at: Date): string => at.toISOString().slice(0, 7);

/** The first instant of a month. */
export function monthStart(month: string): Date {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, monthNumber - 1, 1));
}

/** The month `count` months after (or, negative, before) `month`. */
export function addMonths(month: string, count: number): string {
  const start = monthStart(month);
  return monthOf(new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + count, 1)));
}

/** Every month from `first` to `last`, newest first (none when `first` is later). */
export function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  for (let month = last; month >= first; month = addMonths(month, -1)) months.push(month);
  return months;
}
