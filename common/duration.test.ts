import { describe, expect, it } from 'vitest';
import { durationLabel, formatDuration, parseIsoDuration } from './duration';

describe('video durations', () => {
  it('reads ISO-8601 durations', () => {
    expect(parseIsoDuration('PT6S')).toBe(6);
    expect(parseIsoDuration('PT1H2M3S')).toBe(3723);
    expect(parseIsoDuration('PT2M')).toBe(120);
    expect(parseIsoDuration('P1DT1S')).toBe(86401);
  });
  it('refuses what is not a duration', () => {
    expect(parseIsoDuration('6 seconds')).toBeNull();
    expect(parseIsoDuration('P')).toBeNull();
    expect(parseIsoDuration('PT')).toBeNull();
  });
  it('shows m:ss under an hour and h:mm:ss from an hour', () => {
    expect(formatDuration(6)).toBe('0:06');
    expect(formatDuration(605)).toBe('10:05');
    expect(formatDuration(3723)).toBe('1:02:03');
  });
  it('labels missing or broken values as empty', () => {
    expect(durationLabel(null)).toBe('');
    expect(durationLabel('nonsense')).toBe('');
    expect(durationLabel('PT1M1S')).toBe('1:01');
  });
});
