import { describe, expect, it } from 'vitest';
import { activeAddress } from './active-entry';

const MENU = ['/', '/videos', '/videos/upload', '/video_edits', '/admin/users', '/admin/license_requests'];

describe('activeAddress', () => {
  it('picks the most specific entry, never a shorter one as well', () => {
    expect(activeAddress('/videos/upload', MENU)).toBe('/videos/upload');
    expect(activeAddress('/videos', MENU)).toBe('/videos');
    expect(activeAddress('/videos/abc-123', MENU)).toBe('/videos');
    expect(activeAddress('/admin/license_requests/42', MENU)).toBe('/admin/license_requests');
  });

  it('matches home only on the home page, and a prefix only at a path boundary', () => {
    expect(activeAddress('/', MENU)).toBe('/');
    expect(activeAddress('/me', MENU)).toBeUndefined();
    expect(activeAddress('/videosx', MENU)).toBeUndefined();
  });
});
