import { describe, expect, it } from 'vitest';
import { parseRangeHeader } from './byte-range';

describe('parseRangeHeader', () => {
  it('resolves the three single-range forms against the size', () => {
    expect(parseRangeHeader('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRangeHeader('bytes=50-', 100)).toEqual({ start: 50, end: 99 });
    expect(parseRangeHeader('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRangeHeader('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRangeHeader('bytes=90-500', 100)).toEqual({ start: 90, end: 99 });
  });

  it('calls ranges starting past the end, empty suffixes and any range of an empty file unsatisfiable', () => {
    expect(parseRangeHeader('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRangeHeader('bytes=-0', 100)).toBe('unsatisfiable');
    expect(parseRangeHeader('bytes=0-', 0)).toBe('unsatisfiable');
    expect(parseRangeHeader('bytes=-5', 0)).toBe('unsatisfiable');
  });

  it('ignores what it will not serve: no header, several ranges, other units, nonsense', () => {
    for (const header of [undefined, '', 'bytes=0-1,4-5', 'items=0-1', 'bytes=-', 'bytes=5-2', 'bytes=a-b']) {
      expect(parseRangeHeader(header, 100), String(header)).toBeNull();
    }
  });
});
