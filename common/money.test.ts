import { describe, expect, it } from 'vitest';
import { amountText, parseAmountToCents } from './money';

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

describe('amountText', () => {
  it('writes cents as a field shows them, with the reader’s decimal mark, and reads back the same', () => {
    expect(amountText(4990, 'en')).toBe('49.90');
    expect(amountText(4990, 'el')).toBe('49,90');
    expect(amountText(5, 'en')).toBe('0.05');
    expect(amountText(100_000_000, 'el')).toBe('1000000,00');
    for (const cents of [1, 99, 100, 4990, 123456789]) {
      for (const language of ['en', 'el'])
        expect(parseAmountToCents(amountText(cents, language))).toBe(cents);
    }
  });
});
