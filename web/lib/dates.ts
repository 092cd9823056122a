import { useMemo } from 'react';
import {
  formatClockTime,
  formatDate,
  formatDateTime,
  formatDay,
  formatPeriodStart,
} from '../../common/dates';
import { useTranslation } from './translation';

type Moment = Date | string | number;

/** The shared date formats (common/dates.ts) in the UI language, for a screen to write its dates with. */
export function useDates() {
  const { i18n } = useTranslation();
  const language = i18n.language ?? i18n.language;
  return useMemo(
    () => ({
      date: (value: Moment) => formatDate(value, language),
      dateTime: (value: Moment) => formatDateTime(value, language),
      day: (day: string) => formatDay(day, language),
      clockTime: (time: string) => formatClockTime(time, language),
      periodStart: (start: string, bucket: 'day' | 'month') => formatPeriodStart(start, bucket, language),
    }),
    [language],
  );
}
