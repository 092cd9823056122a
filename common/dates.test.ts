import { describe, expect, it } from 'vitest';
import { formatClockTime, formatDate, formatDateTime, formatDay } from './dates';

const moment = '2026-11-26T15:02:00Z';
const utc = { timeZone: 'UTC' };

describe('one date format per language', () => {
  it('writes a day and a moment the American way in English', () => {
    expect(formatDate(moment, 'en', utc)).toBe('Nov 26, 2026');
    expect(formatDateTime(moment, 'en', utc)).toBe('Nov 26, 2026, 3:02 PM');
  });

  it('writes them the Greek way in Greek, whatever the browser called the language', () => {
    for (const language of ['el', 'el-GR']) {
      expect(formatDate(moment, language, utc)).toBe('26 Νοε 2026');
      expect(formatDateTime(moment, language, utc)).toMatch(/^26 Νοε 2026, 3:02\s?μ\.μ\.$/);
    }
  });

  it('keeps a calendar day on its day and a clock time as given, in any zone', () => {
    expect(formatDay('2003-04-01', 'en')).toBe('Apr 1, 2003');
    expect(formatDay('2003-04-01', 'el')).toBe('1 Απρ 2003');
    expect(formatDay('someday', 'en')).toBe('someday');
    expect(formatClockTime('18:45', 'en')).toBe('6:45 PM');
    expect(formatClockTime('18:45', 'el')).toMatch(/^6:45\s?μ\.μ\.$/);
  });
});
