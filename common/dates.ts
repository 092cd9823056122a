/**
 * One way to write a date per language, for every screen, e-mail and PDF: the specification's American
 * English ("Nov 26, 2026", "Nov 26, 2026, 3:02 PM") and Greek as Greece writes it ("26 Νοε 2026",
 * "26 Νοε 2026, 3:02 μ.μ."). `language` is a UI language ('en', 'el', or a browser's 'el-GR').
 */
type Moment = Date | string | number;

const localeOf = (language: string) => (language.toLowerCase().startsWith('el') ? 'el-GR' : 'en-US');

const formats = new Map<string, Intl.DateTimeFormat>();
function formatter(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = localeOf(language);
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

/** Where a moment is read: the reader's own zone on screen; UTC on the server, which knows no reader's. */
interface Zone {
  timeZone?: string;
}

/** A moment's day: "Nov 26, 2026". */
export function formatDate(value: Moment, language: string, zone: Zone = {}): string {
  return formatter(language, { dateStyle: 'medium', ...zone }).format(new Date(value));
}

/** A moment's day and time: "Nov 26, 2026, 3:02 PM". */
export function formatDateTime(value: Moment, language: string, zone: Zone = {}): string {
  return formatter(language, { dateStyle: 'medium', timeStyle: 'short', ...zone }).format(new Date(value));
}

/** A calendar month (YYYY-MM, UTC) as the language names it: "May 2025", "Μάιος 2025". */
export function formatMonth(month: string, language: string): string {
  return formatter(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
}

/**
 * A calendar day (YYYY-MM-DD: a birth date, a shooting date, a version) written as that day wherever the
 * reader is, never moved across time zones; a value that is no day is shown as given.
 */
export function formatDay(day: string, language: string): string {
  const parsed = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? day : formatDate(parsed, language, { timeZone: 'UTC' });
}

/** A wall-clock time (HH:MM, local to where something happened) as the language writes it: "6:45 PM". */
export function formatClockTime(time: string, language: string): string {
  const parsed = new Date(`1970-01-01T${time}:00Z`);
  if (Number.isNaN(parsed.getTime())) return time;
  return formatter(language, { timeStyle: 'short', timeZone: 'UTC' }).format(parsed);
}

/** A moment's calendar day in UTC (YYYY-MM-DD), as daily totals and reports key it. */
export const utcDay = (moment: Date) => moment.toISOString().slice(0, 10);

/** The first day of a chart's point, as the point is named: a day ("Dec 7") or a month ("Dec 2026"). */
export function formatPeriodStart(start: string, bucket: 'day' | 'month', language: string): string {
  const options: Intl.DateTimeFormatOptions =
    bucket === 'day' ? { month: 'short', day: 'numeric' } : { month: 'short', year: 'numeric' };
  return formatter(language, { ...options, timeZone: 'UTC' }).format(new Date(`${start}T00:00:00Z`));
}
