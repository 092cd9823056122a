import type { AnalyticsPeriod } from '../../../common/contracts/analytics';
import { utcDay } from '../../../common/dates';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The days or months a period's chart has a point for, and the first day it counts. */
export interface PeriodRange {
  bucket: 'day' | 'month';
  /** YYYY-MM-DD (UTC). */
  from: string;
  /** Each point's first day, oldest first. */
  starts: string[];
}

const monthOf = (day: string) => `${day.slice(0, 7)}-01`;

function monthsFrom(first: string, last: string): string[] {
  const starts: string[] = [];
  const cursor = new Date(`${monthOf(first)}T00:00:00Z`);
  while (utcDay(cursor) <= last) {
    starts.push(utcDay(cursor));
    cursor.setUTCMonth(cursor.getUTCMonth() + 1);
  }
  return starts;
}

/**
 * A period up to and including today (UTC): the last 7 or 30 days by day, the last 12 months (this one
 * too) by month, or every month since the first video.
 */
export function periodRange(period: AnalyticsPeriod, now: Date, firstVideoAt: Date | null): PeriodRange {
  const today = utcDay(now);
  if (period === '7d' || period === '30d') {
    const days = period === '7d' ? 7 : 30;
    const starts = Array.from({ length: days }, (_, i) =>
      utcDay(new Date(now.getTime() - (days - 1 - i) * DAY_MS)),
    );
    return { bucket: 'day', from: starts[0] as string, starts };
  }
  if (period === '12m') {
    const first = new Date(`${monthOf(today)}T00:00:00Z`);
    first.setUTCMonth(first.getUTCMonth() - 11);
    const from = utcDay(first);
    return { bucket: 'month', from, starts: monthsFrom(from, today) };
  }
  const from = monthOf(firstVideoAt && utcDay(firstVideoAt) < today ? utcDay(firstVideoAt) : today);
  return { bucket: 'month', from, starts: monthsFrom(from, today) };
}

/** The point a day (YYYY-MM-DD) falls in. */
export const pointOf = (range: PeriodRange, day: string) => (range.bucket === 'day' ? day : monthOf(day));
