import { describe, expect, it } from 'vitest';
import { formatShootingDate, formatShootingTime } from './shooting-time';

describe('shooting date and time', () => {
  it('writes the date in the UI language, on the day given whatever the time zone', () => {
    expect(formatShootingDate('2026-03-01', 'en')).toBe('March 1, 2026');
    expect(formatShootingDate('2026-03-01', 'el')).toBe('1 Μαρτίου 2026');
  });

  it('writes the time in the UI language', () => {
    expect(formatShootingTime('18:05', 'en')).toMatch(/^6:05\sPM$/);
    expect(formatShootingTime('18:05', 'el')).toMatch(/^6:05\sμ\.μ\.$/);
  });

  it('shows what it can not read as it is', () => {
    expect(formatShootingDate('someday', 'en')).toBe('someday');
    expect(formatShootingTime('dusk', 'en')).toBe('dusk');
  });
});
