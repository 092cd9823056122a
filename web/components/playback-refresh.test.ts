import { describe, expect, it } from 'vitest';
import { refreshDelay } from './playback-refresh';

const now = Date.parse('2026-11-23T10:00:00Z');

describe('refreshDelay', () => {
  it('renews an hour-long URL two minutes before it expires', () => {
    expect(refreshDelay('2026-11-23T11:00:00Z', now)).toBe(58 * 60_000);
  });

  it('renews a short-lived URL at 80% of its life, and an expired one at once (after a second)', () => {
    expect(refreshDelay('2026-11-23T10:01:00Z', now)).toBe(48_000);
    expect(refreshDelay('2026-11-23T09:00:00Z', now)).toBe(1000);
  });

  it('tries again in a minute when the time can not be read', () => {
    expect(refreshDelay('soon', now)).toBe(60_000);
  });
});
