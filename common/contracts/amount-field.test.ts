import { describe, expect, it } from 'vitest';
import { adjustmentForm } from './admin-money';
import { quoteForm } from './licenses';

describe('money form schemas', () => {
  it('read a typed price as exact cents, with either decimal mark', () => {
    expect(quoteForm.parse({ price: '249.99' })).toEqual({ price: 24999 });
    expect(quoteForm.parse({ price: ' 249,9 ' })).toEqual({ price: 24990 });
  });

  it('refuse an empty, zero, fractional-cent or too high price with the message of each', () => {
    const message = (price: string) => quoteForm.safeParse({ price }).error?.issues[0]?.message;
    expect(message('')).toBe('licensing.errors.priceInvalid');
    expect(message('0')).toBe('licensing.errors.priceInvalid');
    expect(message('249.995')).toBe('licensing.errors.priceInvalid');
    expect(message('1000000.01')).toBe('licensing.errors.priceTooHigh');
  });

  it('give the adjustment its cents and keep its currency within the platform’s list', () => {
    const values = {
      user: 'a@example.com',
      type: 'income_transfer',
      amount: '2,50',
      currency: 'EUR',
      reason: 'x',
    };
    expect(adjustmentForm.parse(values)).toMatchObject({ amount: 250, currency: 'EUR' });
    expect(adjustmentForm.safeParse({ ...values, currency: 'ZZZ' }).success).toBe(false);
    expect(adjustmentForm.safeParse({ ...values, amount: '' }).error?.issues[0]?.message).toBe(
      'adminMoney.errors.amountPositive',
    );
  });
});
