import { describe, expect, it } from 'vitest';
import { parseAmountToCents } from './money';

describe('parseAmountToCents', () => {
  it('reads typed amounts as exact cents, a dot or a comma as the decimal mark', () => {
    expect(parseAmountToCents('80')).toBe(8000);
    expect(parseAmountToCents('80.5')).toBe(8050);
    expect(parseAmountToCents(' 80,05 ')).toBe(8005);
    // 0.1 + 0.2 style drift never happens: the digits are read, not a float multiplied
    expect(parseAmountToCents('1234567.89')).toBe(123456789);
    expect(parseAmountToCents('0.29')).toBe(29);
  });

  it('refuses anything that is not a positive amount with at most two decimals', () => {
    for (const text of ['', '0', '0.00', '-5', '80.505', '1,234.56', 'abc', '1e3', '80.']) {
      expect(parseAmountToCents(text)).toBeNull();
    }
  });
});
